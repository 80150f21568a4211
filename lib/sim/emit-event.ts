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

/** Indoors a phone mostly locates by wifi; moving, by GPS. */
export function pickSource(random: Random, indoors: boolean): EventSource {
  const r = random.next();
  if (indoors) return r < 0.45 ? 'wifi' : r < 0.75 ? 'gps' : r < 0.96 ? 'fused' : 'cell';
  return r < 0.7 ? 'gps' : r < 0.95 ? 'fused' : 'cell';
}

/**
 * A fix of the true position `at`: Gaussian error whose spread matches the reported accuracy
 * (accuracy ≈ a 68 % radius, so about accuracy/1.5 per axis).
 */
export function emitEvent(random: Random, at: LatLng, ts: number, source: EventSource): SimEvent {
  const [min, max] = ACCURACY[source];
  const accuracy = Math.round(random.float(min, max));
  const sigma = accuracy / 1.5;
  const p = roundCoordinates(offsetMeters(at, random.gaussian() * sigma, random.gaussian() * sigma));
  return { ts: Math.round(ts), lat: p.lat, lng: p.lng, accuracy_m: accuracy, source, mock: false };
}
