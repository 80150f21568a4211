import { offsetMeters, roundCoordinates } from './geo';
import type { Random } from './random';
import type { EventSource, LatLng, SimEvent } from './types';

/** Accuracy ranges (metres) per source: GPS outdoors, wifi indoors, cell towers coarse. */
const ACCURACY: Record<EventSource, [number, number]> = {
  gps: [5, 30],
  fused: [8, 40],
  wifi: [20, 60],
  cell: [300, 1500],
};

/**
 * A phone whose sensors differ from the ordinary one (hard population): it locates mostly by wifi or cell
 * towers, and its true error is `noiseFactor` times what its reported accuracy suggests.
 */
export interface SensorProfile {
  /** Share of indoor fixes by wifi scan. */
  indoorWifi: number;
  /** Share of all fixes by cell tower. */
  cell: number;
  noiseFactor: number;
}

/** Indoors a phone mostly locates by wifi; moving, by GPS. */
export function pickSource(random: Random, indoors: boolean, profile?: SensorProfile): EventSource {
  const r = random.next();
  if (profile) {
    if (r < profile.cell) return 'cell';
    if (indoors && r < profile.cell + profile.indoorWifi) return 'wifi';
    return random.chance(0.7) ? 'gps' : 'fused';
  }
  if (indoors) return r < 0.45 ? 'wifi' : r < 0.75 ? 'gps' : r < 0.96 ? 'fused' : 'cell';
  return r < 0.7 ? 'gps' : r < 0.95 ? 'fused' : 'cell';
}

/**
 * A fix of the true position `at`: Gaussian error whose spread matches the reported accuracy
 * (accuracy ≈ a 68 % radius, so about accuracy/1.5 per axis).
 */
export function emitEvent(
  random: Random,
  at: LatLng,
  ts: number,
  source: EventSource,
  noiseFactor = 1,
): SimEvent {
  const [min, max] = ACCURACY[source];
  const accuracy = Math.round(random.float(min, max));
  const sigma = (accuracy / 1.5) * noiseFactor;
  const p = roundCoordinates(offsetMeters(at, random.gaussian() * sigma, random.gaussian() * sigma));
  return { ts: Math.round(ts), lat: p.lat, lng: p.lng, accuracy_m: accuracy, source, mock: false };
}
