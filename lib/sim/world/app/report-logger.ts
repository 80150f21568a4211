import type { Random } from '../../random';
import type { Trajectory } from '../trajectory';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** People switch the logger on for a trip or two on the days they carry it (a commute, a ride), not for every errand. */
const MAX_TRIPS_A_DAY = 2;

/**
 * A trip logger (a GPS logger, a ride or fitness app): records every 1–5 s while its owner travels, from a few
 * minutes before leaving to a few minutes after arriving, on the days it is carried and switched on (a trip or two); nothing
 * in between. Fixes cluster on trips and their ends; weeks go by without any.
 */
export function reportLogger(random: Random, trajectory: Trajectory, from: number, to: number): number[] {
  const dayShare = random.float(0.05, 0.2);
  const everySeconds = random.float(1, 5);
  const away: [number, number][] = Array.from({ length: random.int(0, 2) }, () => {
    const start = random.float(from, to);
    return [start, start + random.float(7, 30) * DAY_MS];
  });
  const { clock } = trajectory;
  const logged = new Map<number, number>();
  const times: number[] = [];
  for (const leg of trajectory.legs) {
    if (leg.kind !== 'move' || leg.to < from || leg.from > to) continue;
    if (away.some(([a, b]) => leg.from >= a && leg.from <= b)) continue;
    const day = clock.day(leg.from);
    const trips = logged.get(day) ?? 0;
    if (trips >= MAX_TRIPS_A_DAY || !random.fork(`carried:${day}`).chance(dayShare)) continue;
    logged.set(day, trips + 1);
    const start = Math.max(from, leg.from - random.float(0, 5) * MINUTE_MS);
    const end = Math.min(to, leg.to + random.float(0, 10) * MINUTE_MS);
    for (let t = start; t <= end; t += everySeconds * 1000 * random.float(0.9, 1.1)) times.push(t);
  }
  return times;
}
