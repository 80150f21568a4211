import { emitEvent } from './emit-event';
import type { Random } from './random';
import type { LatLng, SimEvent } from './types';

const MINUTE_MS = 60_000;

/**
 * A short visit to `place` starting at `at`: 10–60 minutes with a fix every few minutes (GPS outdoors,
 * the odd wifi scan at the door), replacing whatever the routine had the device do meanwhile. The
 * visit is real — only one visit, no night, no routine there.
 */
export function visitBriefly(
  random: Random,
  events: readonly SimEvent[],
  place: LatLng,
  at: number,
): SimEvent[] {
  const end = at + random.float(10, 60) * MINUTE_MS;
  const visit: SimEvent[] = [];
  for (let ts = at; ts <= end; ts += random.float(3, 12) * MINUTE_MS) {
    const source = random.chance(0.2) ? 'wifi' : random.chance(0.7) ? 'gps' : 'fused';
    visit.push(emitEvent(random, place, ts, source));
  }
  // Travel there and back takes time: drop the routine's fixes around the visit.
  const margin = 20 * MINUTE_MS;
  const kept = events.filter((e) => e.ts < at - margin || e.ts > end + margin);
  return [...kept, ...visit].sort((a, b) => a.ts - b.ts);
}
