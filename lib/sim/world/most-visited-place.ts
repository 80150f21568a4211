import type { LatLng, SimEvent } from '../types';

const CELL_DEG = 0.002;
const DAY_MS = 86_400_000;

/**
 * A person's most visited place as a study of trajectories would define it: the ~200 m cell with fixes on the
 * most distinct days (ties: the most fixes), at the mean of its fixes. Null without fixes.
 */
export function mostVisitedPlace(events: readonly SimEvent[]): LatLng | null {
  const cells = new Map<string, { days: Set<number>; n: number; lat: number; lng: number }>();
  for (const e of events) {
    const key = `${Math.round(e.lat / CELL_DEG)}:${Math.round(e.lng / CELL_DEG)}`;
    const cell = cells.get(key) ?? { days: new Set<number>(), n: 0, lat: 0, lng: 0 };
    cell.days.add(Math.floor(e.ts / DAY_MS));
    cell.n++;
    cell.lat += e.lat;
    cell.lng += e.lng;
    cells.set(key, cell);
  }
  let best: { days: Set<number>; n: number; lat: number; lng: number } | null = null;
  for (const cell of cells.values())
    if (!best || cell.days.size > best.days.size || (cell.days.size === best.days.size && cell.n > best.n))
      best = cell;
  return best ? { lat: best.lat / best.n, lng: best.lng / best.n } : null;
}
