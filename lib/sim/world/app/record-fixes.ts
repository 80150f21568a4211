import type { Random } from '../../random';
import type { SimEvent } from '../../types';
import { createObserver } from '../phone/observe-fix';
import type { PhoneProfile } from '../phone/phone-profile';
import type { Trajectory } from '../trajectory';
import type { AppKind } from './app-kind';
import { reportBackground } from './report-background';
import { reportForeground } from './report-foreground';
import { reportLogger } from './report-logger';

const DAY_MS = 86_400_000;

export interface Recording {
  trajectory: Trajectory;
  phone: PhoneProfile;
  app: AppKind;
  from: number;
  to: number;
  elevationM: number;
  lateHours: number;
}

/** Stretches of days with no fixes at all: the phone off or broken, the app killed, a trip without it. */
function offStretches(random: Random, from: number, to: number): [number, number][] {
  if (!random.chance(0.3)) return [];
  return Array.from({ length: random.int(1, 2) }, () => {
    const start = random.float(from, to);
    return [start, start + random.float(1, 6) * DAY_MS];
  });
}

function reportingTimes(random: Random, r: Recording): number[] {
  switch (r.app) {
    case 'background':
      return reportBackground(random, r.trajectory, r.phone, r.from, r.to);
    case 'foreground':
      return reportForeground(random, r.trajectory, r.from, r.to, r.lateHours);
    case 'logger':
      return reportLogger(random, r.trajectory, r.from, r.to);
  }
}

/**
 * What a phone records of a life: the app's reporting times, gaps of days, each fix as the phone observes
 * it, bursts of a few fixes within seconds, and fixes the SDK stored twice. Sorted by time.
 */
export function recordFixes(random: Random, r: Recording): SimEvent[] {
  const off = offStretches(random.fork('off'), r.from, r.to);
  const observe = createObserver(random.fork('observe'), r.phone, r.elevationM);
  const events: SimEvent[] = [];
  for (const t of reportingTimes(random.fork('times'), r)) {
    if (off.some(([a, b]) => t >= a && t <= b)) continue;
    const fix = observe(r.trajectory.whereAt(t), t);
    events.push(fix);
    if (random.chance(r.phone.burstChance))
      for (let k = random.int(1, 3), dt = 0; k > 0; k--) {
        dt += random.int(1, 5) * 1000;
        if (t + dt <= r.to) events.push(observe(r.trajectory.whereAt(t + dt), t + dt));
      }
    if (random.chance(r.phone.duplicateChance)) events.push({ ...fix });
  }
  return events.sort((a, b) => a.ts - b.ts);
}
