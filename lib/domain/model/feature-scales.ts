import { distanceMetres } from '../geo/distance-metres';
import type { LatLng } from '../location';

/**
 * The scales every model feature is put on, so that no single fact can push a score without limit:
 * distances in log10 metres clipped at CLIP_M, counts as log(1 + n) capped.
 */

/** 100 km or 1,000 km away says the same thing about living at an address or paying from home. */
export const CLIP_M = 100_000;

/** log10(1 + metres), clipped: 0 m → 0, 100 m → 2, 10 km → 4, ≥ 100 km → 5. */
export const logMetres = (m: number): number => Math.log10(1 + Math.min(CLIP_M, Math.max(0, m)));

/** log(1 + count), the count capped at `cap` and floored at 0: beyond `cap` more of the same adds nothing. */
export const logCount = (n: number, cap: number): number => Math.log1p(Math.min(cap, Math.max(0, n)));

/**
 * Metres from `a` to `b` beyond `toleranceM` (the fixes' accuracy, the geocoder's uncertainty, the size
 * of a building): a distance the measurements cannot resolve is no distance.
 */
export function beyondAccuracyM(a: LatLng, b: LatLng, toleranceM: number): number {
  return Math.max(0, distanceMetres(a, b) - toleranceM);
}
