import { cellToLatLng, latLngToCell } from 'h3-js';
import type { LatLng, LocationEvent } from '../location';

/** H3 resolution 9 cells are ~0.1 km² (edge ~175 m): one home, one office, one café. */
export const TRUSTED_CELL_RESOLUTION = 9;
/** A place becomes trusted once the device was there on this many distinct days. */
export const TRUSTED_MIN_DAYS = 2;

const DAY_MS = 86_400_000;

/** Places the device keeps returning to, as cell centres, most visited first. */
export function trustedLocations(events: readonly LocationEvent[]): LatLng[] {
  const days = new Map<string, Set<number>>();
  for (const e of events) {
    if (e.mock) continue;
    const cell = latLngToCell(e.lat, e.lng, TRUSTED_CELL_RESOLUTION);
    const seen = days.get(cell) ?? new Set<number>();
    seen.add(Math.floor(e.ts / DAY_MS));
    days.set(cell, seen);
  }
  return [...days.entries()]
    .filter(([, d]) => d.size >= TRUSTED_MIN_DAYS)
    .sort((a, b) => b[1].size - a[1].size)
    .map(([cell]) => {
      const [lat, lng] = cellToLatLng(cell);
      return { lat, lng };
    });
}
