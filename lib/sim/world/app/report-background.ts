import type { Random } from '../../random';
import type { PhoneProfile } from '../phone/phone-profile';
import type { Trajectory } from '../trajectory';

const MINUTE_MS = 60_000;

/**
 * A background SDK: a fix every ~40 minutes awake and still, every few minutes on the move, every couple of
 * hours asleep (doze); an iPhone on significant-change wakes mostly when it moves. Scaled by the phone's
 * density.
 */
export function reportBackground(
  random: Random,
  trajectory: Trajectory,
  phone: PhoneProfile,
  from: number,
  to: number,
): number[] {
  const times: number[] = [];
  for (let t = from + random.float(0, 30) * MINUTE_MS; t <= to;) {
    times.push(t);
    const where = trajectory.whereAt(t);
    const moving = where.label === 'moving';
    const mean = phone.significantChangeOnly
      ? moving
        ? 4
        : where.asleep
          ? 360
          : 150
      : moving
        ? 6
        : where.asleep
          ? 150
          : 40;
    t += (mean / phone.density) * random.float(0.4, 1.6) * MINUTE_MS;
  }
  return times;
}
