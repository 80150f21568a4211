import type { LatLng } from '../location';

const EARTH_RADIUS_M = 6_371_008.8;
const toRad = (deg: number) => (deg * Math.PI) / 180;

/**
 * Great-circle distance in metres on the mean-radius sphere (IUGG), by the spherical case of
 * Vincenty's formula: unlike haversine it stays exact to the millimetre even for antipodal points.
 * The sphere is within ~0.5 % of the ellipsoid, far below GPS noise at the distances we judge.
 * Source: https://en.wikipedia.org/wiki/Great-circle_distance#Computational_formulas
 *
 * @example distanceMetres({ lat: 48.8566, lng: 2.3522 }, { lat: 51.5074, lng: -0.1278 }) // ≈ 343,556
 */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const φ1 = toRad(a.lat);
  const φ2 = toRad(b.lat);
  const Δλ = toRad(b.lng - a.lng);
  const cosφ2 = Math.cos(φ2);
  const x = cosφ2 * Math.sin(Δλ);
  const y = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * cosφ2 * Math.cos(Δλ);
  const z = Math.sin(φ1) * Math.sin(φ2) + Math.cos(φ1) * cosφ2 * Math.cos(Δλ);
  return EARTH_RADIUS_M * Math.atan2(Math.hypot(x, y), z);
}
