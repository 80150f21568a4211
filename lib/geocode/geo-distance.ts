import { distanceMetres } from '../domain/geo/distance-metres.ts';

/** Great-circle distance in metres (the domain core's formula, one for the whole service). */
export const distanceM = distanceMetres;

/** Half the diagonal of a bounding box, in metres: the radius of a circle that holds it. */
export function bboxRadiusM(minLat: number, minLng: number, maxLat: number, maxLng: number): number {
  return distanceM({ lat: minLat, lng: minLng }, { lat: maxLat, lng: maxLng }) / 2;
}
