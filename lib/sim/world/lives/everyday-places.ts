import { placeInCity, placeNear } from '../../place-people';
import type { Random } from '../../random';
import type { LatLng } from '../../types';
import type { WorldCity } from '../world-city';

/** Everyday places around `home`: one to three leisure places in the city, errands within a walk. */
export function everydayPlaces(
  random: Random,
  city: WorldCity,
  home: LatLng,
): { leisure: LatLng[]; errands: LatLng[] } {
  return {
    leisure: Array.from({ length: random.int(1, 3) }, () => placeInCity(random, city)),
    errands: Array.from({ length: random.int(1, 3) }, () => placeNear(random, home, random.float(300, 1200))),
  };
}
