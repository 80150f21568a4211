import type { City } from './city';
import { CITIES } from './cities';
import { generateAddress } from './generate-address';
import type { Places } from './plan-day';
import { placeInCity, placeNear } from './place-people';
import type { Random } from './random';
import type { Address, LatLng } from './types';

/** Someone's life in a city: a home with its address, usually a workplace, a few places they go to. */
export interface Resident {
  city: City;
  places: Places;
  homeAddress: Address;
}

/** A resident of `city` (a random city when absent). */
export function generateResident(random: Random, city: City = random.pick(CITIES)): Resident {
  const home = placeInCity(random, city);
  const work = random.chance(0.8) ? placeInCity(random, city) : null;
  const leisure = Array.from({ length: random.int(1, 3) }, () => placeInCity(random, city));
  return { city, places: { home, work, leisure }, homeAddress: generateAddress(random, city, home) };
}

/** Someone living at `home`, wherever that is (a fraudster's own life), with work and outings nearby. */
export function residentAt(random: Random, city: City, home: LatLng): Resident {
  const work = random.chance(0.6) ? placeNear(random, home, 8000) : null;
  const leisure = Array.from({ length: random.int(1, 2) }, () => placeNear(random, home, 5000));
  return { city, places: { home, work, leisure }, homeAddress: generateAddress(random, city, home) };
}
