import { placeInCity, placeNear } from '../../place-people';
import { everydayPlaces } from './everyday-places';
import { isWorkday, type Life, type Trip } from './life';

/**
 * An office worker: to work on weekdays around eight (later where days run late), sometimes lunch out,
 * home in the evening, now and then an evening or weekend outing.
 */
export const office: Life = {
  name: 'office',
  sleep: [23, 6.5],
  places: (random, city) => {
    const home = placeInCity(random, city);
    return { city, home, work: placeInCity(random, city), ...everydayPlaces(random, city, home) };
  },
  trips: (random, p, clock, day) => {
    const late = p.city.lateHours;
    const trips: Trip[] = [];
    let free = 9 + late;
    if (isWorkday(clock, day) && p.work && random.chance(0.93)) {
      const leave = 7.5 + late + random.float(-0.75, 1.25);
      trips.push({ at: leave, to: p.work, label: 'work' });
      if (random.chance(0.25)) {
        const lunch = 12.5 + late + random.float(-0.5, 0.5);
        trips.push({ at: lunch, to: placeNear(random, p.work, 600), label: 'leisure' });
        trips.push({ at: lunch + random.float(0.5, 1), to: p.work, label: 'work' });
      }
      const done = leave + 9 + random.float(-1, 1.5);
      trips.push({ at: done, to: p.home, label: 'home' });
      free = done + 0.75;
      if (random.chance(0.2) && p.leisure.length > 0) {
        const out = Math.max(done + 1, 19.5 + late);
        trips.push({ at: out, to: random.pick(p.leisure), label: 'leisure' });
        trips.push({ at: out + random.float(1.5, 3), to: p.home, label: 'home' });
      }
    } else if (random.chance(0.65) && p.leisure.length > 0) {
      const out = random.float(10, 15) + late;
      trips.push({ at: out, to: random.pick(p.leisure), label: 'leisure' });
      trips.push({ at: out + random.float(1.5, 5), to: p.home, label: 'home' });
    }
    if (random.chance(0.3)) {
      const errand = random.float(free, Math.max(free, 19 + late) + 1);
      if (!trips.some((t) => Math.abs(t.at - errand) < 2.5)) {
        trips.push({ at: errand, to: random.pick(p.errands), label: 'errand' });
        trips.push({ at: errand + random.float(0.2, 0.8), to: p.home, label: 'home' });
      }
    }
    return trips.sort((a, b) => a.at - b.at);
  },
};
