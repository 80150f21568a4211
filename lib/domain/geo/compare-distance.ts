import type { LatLng } from '../location';
import { distanceMetres } from './distance-metres';

const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;
/** Where the flat-earth distance is trusted: both legs within 0.01 rad (~64 km), latitudes within ±69°. */
const MAX_LEG_RAD = 0.01;
const MAX_LAT_RAD = 1.2;
/**
 * How far the flat-earth distance may be from `distanceMetres` in that range, relatively: 100× the
 * worst seen on 2 million random pairs up to 0.01 rad apart (1.03e-5; 5.9e-7 on pairs 5 mm to 1 m apart).
 */
const MARGIN = 1e-3;
/** Below this a threshold is left to the exact distance (both formulas lose digits to cancellation near 0). */
const MIN_THRESHOLD_M = 0.01;

/**
 * The sign of `distanceMetres(a, b) - m` when a flat-earth (equirectangular) distance, one cosine,
 * settles it: −1 surely shorter, 1 surely longer, 0 when it cannot tell (within MARGIN of `m`, far
 * apart, near a pole, `m` tiny). The fold judges several distances per fix against a radius; most
 * are far from it, and the exact formula costs six trigonometric calls and an atan2.
 */
export function roughDistanceSign(a: LatLng, b: LatLng, m: number): -1 | 0 | 1 {
  if (!(m >= MIN_THRESHOLD_M)) return 0;
  const φ1 = a.lat * RAD;
  const φ2 = b.lat * RAD;
  const Δφ = φ2 - φ1;
  const Δλ = (b.lng - a.lng) * RAD;
  if (
    Math.abs(Δφ) > MAX_LEG_RAD ||
    Math.abs(Δλ) > MAX_LEG_RAD ||
    Math.abs(φ1) > MAX_LAT_RAD ||
    Math.abs(φ2) > MAX_LAT_RAD
  )
    return 0;
  const x = Δλ * Math.cos((φ1 + φ2) / 2);
  const flat2 = (x * x + Δφ * Δφ) * EARTH_RADIUS_M * EARTH_RADIUS_M;
  const below = m * (1 - MARGIN);
  if (flat2 < below * below) return -1;
  const above = m * (1 + MARGIN);
  if (flat2 > above * above) return 1;
  return 0;
}

/** `distanceMetres(a, b) <= m`, exactly, computing the distance only when the flat-earth one cannot tell. */
export function withinMetres(a: LatLng, b: LatLng, m: number): boolean {
  const sign = roughDistanceSign(a, b, m);
  return sign === 0 ? distanceMetres(a, b) <= m : sign < 0;
}

/** `distanceMetres(a, b) < m`, exactly, computing the distance only when the flat-earth one cannot tell. */
export function shorterThan(a: LatLng, b: LatLng, m: number): boolean {
  const sign = roughDistanceSign(a, b, m);
  return sign === 0 ? distanceMetres(a, b) < m : sign < 0;
}
