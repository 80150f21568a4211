import type { City } from './city';
import { destinationPoint } from './geo';
import type { Random } from './random';
import type { LatLng } from './types';

/** A uniformly random point within the city's radius (uniform by area, not by distance). */
export function placeInCity(random: Random, city: Pick<City, 'centre' | 'radiusKm'>): LatLng {
  const distanceM = city.radiusKm * 1000 * Math.sqrt(random.next());
  return destinationPoint(city.centre, random.float(0, 360), distanceM);
}

/** A bearing inside the city's land sector, so that far points stay on land. */
export function landBearing(random: Random, city: City): number {
  const [from, to] = city.landBearings;
  const span = (((to - from) % 360) + 360) % 360 || 360;
  return (from + random.float(0, span)) % 360;
}

/** A point `distanceM` metres from `from`, heading inland from `city`. */
export function placeAtDistance(random: Random, from: LatLng, city: City, distanceM: number): LatLng {
  return destinationPoint(from, landBearing(random, city), distanceM);
}

/** A point near `from`: uniform by area within `radiusM` metres. */
export function placeNear(random: Random, from: LatLng, radiusM: number): LatLng {
  return destinationPoint(from, random.float(0, 360), radiusM * Math.sqrt(random.next()));
}
