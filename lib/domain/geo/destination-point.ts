import type { LatLng } from '../location';

const EARTH_RADIUS_M = 6_371_008.8;
const toRad = (deg: number) => (deg * Math.PI) / 180;
const toDeg = (rad: number) => (rad * 180) / Math.PI;

/**
 * The point reached from `from` after `distanceM` metres on the initial bearing `bearingDeg` (0 = north),
 * on the same mean-radius sphere as `distanceMetres`. The longitude is not wrapped, so that points around
 * a ring that crosses the antimeridian stay continuous; `wrapLongitude` makes it a coordinate again.
 * Source: https://www.movable-type.co.uk/scripts/latlong.html ("Destination point").
 *
 * @example destinationPoint({ lat: 0, lng: 0 }, 90, 111_195) // ≈ { lat: 0, lng: 1 }
 */
export function destinationPoint(from: LatLng, bearingDeg: number, distanceM: number): LatLng {
  const delta = distanceM / EARTH_RADIUS_M;
  const theta = toRad(bearingDeg);
  const phi1 = toRad(from.lat);
  const lambda1 = toRad(from.lng);
  const phi2 = Math.asin(
    Math.sin(phi1) * Math.cos(delta) + Math.cos(phi1) * Math.sin(delta) * Math.cos(theta),
  );
  const lambda2 =
    lambda1 +
    Math.atan2(
      Math.sin(theta) * Math.sin(delta) * Math.cos(phi1),
      Math.cos(delta) - Math.sin(phi1) * Math.sin(phi2),
    );
  return { lat: toDeg(phi2), lng: toDeg(lambda2) };
}
