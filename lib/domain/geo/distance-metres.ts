import type { LatLng } from '../location';

const EARTH_RADIUS_M = 6_371_008.8;
const toRad = (deg: number) => (deg * Math.PI) / 180;

/**
 * Great-circle distance in metres (haversine formula, mean Earth radius, IUGG).
 * Accurate to ~0.5 % anywhere, which is far below GPS noise at the distances we judge.
 *
 * @example distanceMetres({ lat: -23.5614, lng: -46.6559 }, { lat: -23.5505, lng: -46.6333 }) // ≈ 2,600
 */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
