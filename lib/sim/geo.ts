import { distanceMetres } from '../domain/geo/distance-metres';
import type { LatLng } from './types';

const EARTH_RADIUS_M = 6_371_008.8;
const toRad = (deg: number): number => (deg * Math.PI) / 180;
const toDeg = (rad: number): number => (rad * 180) / Math.PI;

/** Great-circle distance in metres: the domain core's formula, so the simulator measures as the service does. */
export const haversineMeters = distanceMetres;

/**
 * The point reached from `from` after `distanceM` metres on the initial bearing `bearingDeg` (0 = north).
 * Formula: https://www.movable-type.co.uk/scripts/latlong.html ("Destination point").
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
  return { lat: toDeg(phi2), lng: ((toDeg(lambda2) + 540) % 360) - 180 };
}

/** Shift by metres east and north; accurate enough for the small offsets of GPS noise and walking. */
export function offsetMeters(from: LatLng, eastM: number, northM: number): LatLng {
  const lat = from.lat + toDeg(northM / EARTH_RADIUS_M);
  const lng = from.lng + toDeg(eastM / (EARTH_RADIUS_M * Math.cos(toRad(from.lat))));
  return { lat, lng };
}

/** Linear interpolation between two nearby points (a commute), t in [0, 1]. */
export function interpolate(a: LatLng, b: LatLng, t: number): LatLng {
  return { lat: a.lat + (b.lat - a.lat) * t, lng: a.lng + (b.lng - a.lng) * t };
}

/** Rounds coordinates to 6 decimals (≈ 0.1 m), as SDKs report them. */
export function roundCoordinates(p: LatLng): LatLng {
  return { lat: Math.round(p.lat * 1e6) / 1e6, lng: Math.round(p.lng * 1e6) / 1e6 };
}
