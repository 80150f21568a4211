import { placeInCity } from '../../place-people';
import { everydayPlaces } from './everyday-places';
import type { Life, Trip } from './life';

/**
 * Someone who stays in — retired, working from home, caring for family: short walks to a shop most days,
 * a longer outing now and then. Almost every fix is at home.
 */
export const homebody: Life = {
  name: 'homebody',
  sleep: [23.5, 7.5],
  places: (random, city) => {
    const home = placeInCity(random, city);
    return { city, home, work: null, ...everydayPlaces(random, city, home) };
  },
  trips: (random, p) => {
    const late = p.city.lateHours;
    const trips: Trip[] = [];
    if (random.chance(0.6)) {
      const out = random.float(9, 18) + late;
      trips.push({ at: out, to: random.pick(p.errands), label: 'errand' });
      trips.push({ at: out + random.float(0.3, 1.2), to: p.home, label: 'home' });
    }
    if (random.chance(0.12) && p.leisure.length > 0) {
      const out = random.float(10, 16) + late;
      if (!trips.some((t) => Math.abs(t.at - out) < 2)) {
        trips.push({ at: out, to: random.pick(p.leisure), label: 'leisure' });
        trips.push({ at: out + random.float(1, 3), to: p.home, label: 'home' });
      }
    }
    return trips.sort((a, b) => a.at - b.at);
  },
};
