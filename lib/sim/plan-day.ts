import { haversineMeters } from './geo';
import { isWeekend } from './local-time';
import type { Random } from './random';
import type { LatLng } from './types';

/** Where a person spends a stretch of a local day, in local hours since midnight. */
export type Segment =
  | { kind: 'stay'; place: 'home' | 'work' | 'leisure'; point: LatLng; from: number; to: number }
  | { kind: 'move'; origin: LatLng; destination: LatLng; from: number; to: number };

export interface Places {
  home: LatLng;
  work: LatLng | null;
  leisure: readonly LatLng[];
}

/** Commute time in hours: about 20 km/h door to door in a city, 10 to 90 minutes. */
function travelHours(a: LatLng, b: LatLng): number {
  return Math.min(1.5, Math.max(1 / 6, haversineMeters(a, b) / 20_000));
}

function outing(place: LatLng, home: LatLng, start: number, hours: number): Segment[] {
  const t = travelHours(home, place);
  return [
    { kind: 'move', origin: home, destination: place, from: start, to: start + t },
    { kind: 'stay', place: 'leisure', point: place, from: start + t, to: start + t + hours },
    { kind: 'move', origin: place, destination: home, from: start + t + hours, to: start + 2 * t + hours },
  ];
}

/** The day's plan away from home; any hour not covered by a segment is spent at home. */
export function planDay(random: Random, places: Places, midnight: number): Segment[] {
  const { home, work, leisure } = places;
  const weekend = isWeekend(midnight + 12 * 3_600_000, home.lng);
  const segments: Segment[] = [];
  if (!weekend && work && random.chance(0.93)) {
    const leave = 7 + random.float(-0.75, 1.5);
    const t = travelHours(home, work);
    const done = leave + t + 8.5 + random.float(-1, 1);
    segments.push(
      { kind: 'move', origin: home, destination: work, from: leave, to: leave + t },
      { kind: 'stay', place: 'work', point: work, from: leave + t, to: done },
      { kind: 'move', origin: work, destination: home, from: done, to: done + t },
    );
    if (leisure.length > 0 && random.chance(0.2))
      segments.push(...outing(random.pick(leisure), home, Math.max(19.5, done + t + 0.5), 2));
  } else if (leisure.length > 0 && random.chance(weekend ? 0.65 : 0.35)) {
    segments.push(...outing(random.pick(leisure), home, random.float(10, 15), random.float(1.5, 5)));
  }
  return segments;
}
