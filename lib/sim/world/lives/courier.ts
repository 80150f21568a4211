import { placeInCity, placeNear } from '../../place-people';
import { everydayPlaces } from './everyday-places';
import type { Life, Trip } from './life';

/**
 * A courier or rider: six days a week out from morning to evening, dozens of short stops all over the city
 * waiting at the kerb, from a depot; lunch at home now and then. Home at night, but days everywhere.
 */
export const courier: Life = {
  name: 'courier',
  sleep: [22.5, 6.5],
  places: (random, city) => {
    const home = placeInCity(random, city);
    return { city, home, work: placeInCity(random, city), ...everydayPlaces(random, city, home) };
  },
  trips: (random, p, clock, day) => {
    const offDay = Math.floor(Math.abs(p.home.lng * 1e4)) % 7;
    if (clock.weekday(day) === offDay || !p.work) return [];
    const trips: Trip[] = [];
    let at = 7.5 + random.float(0, 1.5);
    trips.push({ at, to: p.work, label: 'work' });
    at += random.float(0.4, 0.8);
    const end = 18 + random.float(0, 2);
    while (at < end) {
      const near = random.chance(0.6);
      const stop = near ? placeNear(random, p.work, 4000) : placeInCity(random, p.city);
      trips.push({ at, to: stop, label: 'stop', indoors: false });
      at += random.float(0.15, 0.5);
      if (random.chance(0.05)) {
        trips.push({ at, to: p.home, label: 'home' });
        at += random.float(0.5, 1);
      }
    }
    trips.push({ at, to: p.home, label: 'home' });
    return trips;
  },
};
