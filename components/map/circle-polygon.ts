import type { Polygon } from 'geojson';
import { destinationPoint } from '../../lib/domain/geo/destination-point';

/**
 * A circle of `radiusM` metres around a point as a GeoJSON polygon, each vertex placed with the
 * spherical destination-point formula, so rings keep their true size at any latitude (and stay
 * continuous across the antimeridian: the longitudes are not wrapped).
 *
 * @example circlePolygon({ lat: -23.56, lng: -46.65 }, 150).coordinates[0].length // 65
 */
export function circlePolygon(center: { lat: number; lng: number }, radiusM: number, steps = 64): Polygon {
  const ring: [number, number][] = [];
  for (let i = 0; i <= steps; i++) {
    const vertex = destinationPoint(center, (360 * (i % steps)) / steps, radiusM);
    ring.push([vertex.lng, vertex.lat]);
  }
  return { type: 'Polygon', coordinates: [ring] };
}
