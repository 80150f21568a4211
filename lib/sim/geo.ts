import { destinationPoint as destinationOnSphere } from '../domain/geo/destination-point';
import { distanceMetres } from '../domain/geo/distance-metres';
import { wrapLongitude } from '../domain/geo/wrap-longitude';
import type { LatLng } from './types';

const EARTH_RADIUS_M = 6_371_008.8;
const toRad = (deg: number): number => (deg * Math.PI) / 180;
const toDeg = (rad: number): number => (rad * 180) / Math.PI;

/** Great-circle distance in metres: the domain core's formula, so the simulator measures as the service does. */
export const haversineMeters = distanceMetres;

/** The point `distanceM` metres from `from` on the bearing `bearingDeg` (0 = north), as SDKs report it. */
export function destinationPoint(from: LatLng, bearingDeg: number, distanceM: number): LatLng {
  const to = destinationOnSphere(from, bearingDeg, distanceM);
  return { lat: to.lat, lng: wrapLongitude(to.lng) };
}

/** Shift by metres east and north; accurate enough for the small offsets of GPS noise and walking. */
export function offsetMeters(from: LatLng, eastM: number, northM: number): LatLng {
  const lat = from.lat + toDeg(northM / EARTH_RADIUS_M);
  const lng = from.lng + toDeg(eastM / (EARTH_RADIUS_M * Math.cos(toRad(from.lat))));
  return { lat, lng };
}

/** `offsetMeters` as a coordinate again: the longitude wrapped into [-180, 180) (lives across the antimeridian). */
export function shiftMeters(from: LatLng, eastM: number, northM: number): LatLng {
  const p = offsetMeters(from, eastM, northM);
  return { lat: p.lat, lng: wrapLongitude(p.lng) };
}

/** Metres east and north from `a` to `b` in the local plane at `a` (the short way round the antimeridian). */
export function eastNorthMeters(a: LatLng, b: LatLng): { east: number; north: number } {
  const dLng = wrapLongitude(b.lng - a.lng);
  return {
    east: toRad(dLng) * EARTH_RADIUS_M * Math.cos(toRad((a.lat + b.lat) / 2)),
    north: toRad(b.lat - a.lat) * EARTH_RADIUS_M,
  };
}

/** Linear interpolation between two nearby points (a commute), t in [0, 1]. */
export function interpolate(a: LatLng, b: LatLng, t: number): LatLng {
  return { lat: a.lat + (b.lat - a.lat) * t, lng: a.lng + (b.lng - a.lng) * t };
}

/** Rounds coordinates to 6 decimals (≈ 0.1 m), as SDKs report them. */
export function roundCoordinates(p: LatLng): LatLng {
  return { lat: Math.round(p.lat * 1e6) / 1e6, lng: Math.round(p.lng * 1e6) / 1e6 };
}
