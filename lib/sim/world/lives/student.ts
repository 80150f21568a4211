import { placeInCity, placeNear } from '../../place-people';
import { everydayPlaces } from './everyday-places';
import type { Life, Trip } from './life';

/**
 * A student or young researcher: the campus (lecture halls, a lab) most days and some weekends, irregular
 * hours, late evenings out. Half live in a dorm or a room near campus; the campus is often the place they
 * spend most waking hours at — the most visited place is not always home.
 */
export const student: Life = {
  name: 'student',
  sleep: [0.75, 8.5],
  places: (random, city) => {
    const campus = placeInCity(random, city);
    const home = random.chance(0.5)
      ? placeNear(random, campus, random.float(300, 1500))
      : placeInCity(random, city);
    return { city, home, work: campus, ...everydayPlaces(random, city, home) };
  },
  trips: (random, p, clock, day) => {
    const late = p.city.lateHours;
    const weekday = clock.weekday(day);
    const campusDay = weekday >= 1 && weekday <= 5 ? random.chance(0.85) : random.chance(0.2);
    const trips: Trip[] = [];
    let evening = 18 + late;
    if (campusDay && p.work) {
      const arrive = 8.5 + late + random.float(-0.5, 3);
      trips.push({ at: arrive, to: p.work, label: 'work' });
      evening = arrive + random.float(5, 12);
      if (random.chance(0.35)) {
        const lunch = 12.5 + late + random.float(-0.5, 1);
        trips.push({ at: lunch, to: placeNear(random, p.work, 800), label: 'leisure' });
        trips.push({ at: lunch + random.float(0.5, 1.2), to: p.work, label: 'work' });
      }
    }
    if (random.chance(0.4) && p.leisure.length > 0) {
      const out = Math.max(evening, 19 + late) + random.float(0, 1);
      trips.push({ at: out, to: random.pick(p.leisure), label: 'leisure' });
      trips.push({ at: out + random.float(1.5, 4.5), to: p.home, label: 'home' });
    } else if (campusDay) {
      trips.push({ at: evening, to: p.home, label: 'home' });
    }
    return trips.sort((a, b) => a.at - b.at);
  },
};
