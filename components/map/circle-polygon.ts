import type { Polygon } from 'geojson';

const EARTH_RADIUS_M = 6_371_008.8;
const toRad = (deg: number) => (deg * Math.PI) / 180;
const toDeg = (rad: number) => (rad * 180) / Math.PI;

/**
 * A circle of `radiusM` metres around a point as a GeoJSON polygon, each vertex placed with the
 * spherical destination-point formula (https://www.movable-type.co.uk/scripts/latlong.html), so rings
 * keep their true size at any latitude.
 *
 * @example circlePolygon({ lat: -23.56, lng: -46.65 }, 150).coordinates[0].length // 65
 */
export function circlePolygon(center: { lat: number; lng: number }, radiusM: number, steps = 64): Polygon {
  const lat1 = toRad(center.lat);
  const lng1 = toRad(center.lng);
  const angular = radiusM / EARTH_RADIUS_M;
  const ring: [number, number][] = [];
  for (let i = 0; i <= steps; i++) {
    const bearing = (2 * Math.PI * (i % steps)) / steps;
    const lat2 = Math.asin(
      Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing),
    );
    const lng2 =
      lng1 +
      Math.atan2(
        Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1),
        Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
      );
    ring.push([toDeg(lng2), toDeg(lat2)]);
  }
  return { type: 'Polygon', coordinates: [ring] };
}
