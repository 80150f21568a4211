const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in metres (haversine). */
export function distanceM(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const toRad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * toRad;
  const dLng = (b.lng - a.lng) * toRad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * toRad) * Math.cos(b.lat * toRad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Half the diagonal of a bounding box, in metres: the radius of a circle that holds it. */
export function bboxRadiusM(minLat: number, minLng: number, maxLat: number, maxLng: number): number {
  return distanceM({ lat: minLat, lng: minLng }, { lat: maxLat, lng: maxLng }) / 2;
}
