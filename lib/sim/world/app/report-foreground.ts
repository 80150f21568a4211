import type { Random } from '../../random';
import type { Trajectory } from '../trajectory';

const MINUTE_MS = 60_000;

/** When people open an app, in local hours: mornings, lunch, and above all evenings. */
const SESSION_HOURS: [number, number, number][] = [
  [7.5, 10, 0.25],
  [12, 14, 0.3],
  [17, 23.5, 0.45],
];

function sessionHour(random: Random): number {
  let r = random.next();
  for (const [from, to, weight] of SESSION_HOURS) {
    if (r < weight) return random.float(from, to);
    r -= weight;
  }
  return random.float(17, 23.5);
}

/**
 * A foreground-only app: fixes only while it is open — a few sessions a day of a minute or several, with a
 * fix every few seconds — and never while its owner sleeps. Days without a session are common.
 */
export function reportForeground(
  random: Random,
  trajectory: Trajectory,
  from: number,
  to: number,
  lateHours: number,
): number[] {
  const perDay = random.float(0.5, 5);
  const everySeconds = random.float(2, 15);
  const { clock } = trajectory;
  const times: number[] = [];
  for (let day = clock.day(from); day <= clock.day(to); day++) {
    const today = random.fork(`sessions:${day}`);
    const sessions = Array.from({ length: 10 }, () => today.chance(perDay / 10)).filter(Boolean).length;
    for (let s = 0; s < sessions; s++) {
      const start = clock.at(day, sessionHour(today) + lateHours);
      if (start < from || start > to || trajectory.whereAt(start).asleep) continue;
      const end = Math.min(to, start + today.float(0.5, 8) * MINUTE_MS);
      for (let t = start; t <= end; t += everySeconds * 1000 * today.float(0.8, 1.2)) times.push(t);
    }
  }
  return times.sort((a, b) => a - b);
}
