import { placeInCity } from '../../place-people';
import type { LatLng } from '../../types';
import { everydayPlaces } from './everyday-places';
import type { Life, Trip } from './life';

/**
 * Works five nights a week on a fixed rota (a hospital, a warehouse, a call centre): two nights off in a row,
 * which two follows from the person (their home), so every day of the plan agrees on the rota.
 */
function worksNight(home: LatLng, weekday: number): boolean {
  const firstOff = Math.floor(Math.abs(home.lat * 1e4)) % 7;
  return weekday !== firstOff && weekday !== (firstOff + 1) % 7;
}

/**
 * A night-shift worker: leaves around nine in the evening, works 22:00–06:00, sleeps at home by day, runs
 * errands in the afternoon. Nights at home are the exception, days at home the rule.
 */
export const nightShift: Life = {
  name: 'night_shift',
  sleep: [7.5, 14.5],
  places: (random, city) => {
    const home = placeInCity(random, city);
    return { city, home, work: placeInCity(random, city), ...everydayPlaces(random, city, home) };
  },
  trips: (random, p, clock, day) => {
    const trips: Trip[] = [];
    if (!p.work) return trips;
    if (worksNight(p.home, clock.weekday(day - 1)))
      trips.push({ at: 6 + random.float(0, 0.75), to: p.home, label: 'home' });
    if (random.chance(0.45)) {
      const errand = random.float(15, 18.5);
      trips.push({ at: errand, to: random.pick([...p.errands, ...p.leisure]), label: 'errand' });
      trips.push({ at: errand + random.float(0.3, 1.5), to: p.home, label: 'home' });
    }
    if (worksNight(p.home, clock.weekday(day)))
      trips.push({ at: 21 + random.float(-0.5, 0.4), to: p.work, label: 'work' });
    return trips;
  },
};
