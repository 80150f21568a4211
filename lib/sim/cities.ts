import { BRAZIL_CITIES } from './cities-brazil';
import type { City } from './city';
import { US_CITIES } from './cities-us';
import { haversineMeters } from './geo';
import type { LatLng } from './types';

/** Every city the simulator knows, Brazil first; the order is part of the seed's meaning. */
export const CITIES: readonly City[] = [...BRAZIL_CITIES, ...US_CITIES];

/** The known city whose centre is closest to `point`. */
export function nearestCity(point: LatLng): City {
  let best = CITIES[0]!;
  for (const city of CITIES) {
    if (haversineMeters(city.centre, point) < haversineMeters(best.centre, point)) best = city;
  }
  return best;
}
