import { emitEvent, pickSource, type SensorProfile } from './emit-event';
import { interpolate, offsetMeters } from './geo';
import { localMidnight } from './local-time';
import { planDay, type Places, type Segment } from './plan-day';
import type { Random } from './random';
import type { LatLng, SimEvent } from './types';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

export interface RoutineOptions {
  places: Places;
  from: number;
  to: number;
  /** 1 = an ordinary phone (≈ 30 fixes a day); 0.1 = a phone that rarely reports. */
  density: number;
  /** Absent: an ordinary phone's sensors (emit-event.ts). */
  sensors?: SensorProfile;
}

interface Whereabouts {
  point: LatLng;
  indoors: boolean;
  asleep: boolean;
  moving: boolean;
}

function whereabouts(segments: Segment[], home: LatLng, hour: number): Whereabouts {
  const segment = segments.find((s) => hour >= s.from && hour < s.to);
  if (!segment) return { point: home, indoors: true, asleep: hour < 6.5 || hour >= 23, moving: false };
  if (segment.kind === 'stay') return { point: segment.point, indoors: true, asleep: false, moving: false };
  const t = (hour - segment.from) / (segment.to - segment.from);
  // Streets are not straight lines: bend the route a little around its midpoint.
  const bend = Math.sin(Math.PI * t) * 300;
  return {
    point: offsetMeters(interpolate(segment.origin, segment.destination, t), bend, bend / 2),
    indoors: false,
    asleep: false,
    moving: true,
  };
}

/** Minutes to the next fix: sparse while asleep, dense while moving. */
function gapMinutes(random: Random, where: Whereabouts, density: number): number {
  const mean = where.asleep ? 150 : where.moving ? 7 : 40;
  return (mean / density) * random.float(0.5, 1.5);
}

/** Location events of a person living their week between `from` and `to` (home at night, work on weekdays, outings). */
export function generateRoutine(random: Random, options: RoutineOptions): SimEvent[] {
  const { places, from, to, density, sensors } = options;
  const events: SimEvent[] = [];
  const plans = new Map<number, Segment[]>();
  let ts = from + random.float(0, 30) * MINUTE_MS;
  while (ts <= to) {
    const midnight = localMidnight(ts, places.home.lng);
    let plan = plans.get(midnight);
    if (!plan) {
      plan = planDay(random.fork(`day:${midnight}`), places, midnight);
      plans.set(midnight, plan);
    }
    const where = whereabouts(plan, places.home, (ts - midnight) / HOUR_MS);
    const source = pickSource(random, where.indoors, sensors);
    events.push(emitEvent(random, where.point, ts, source, sensors?.noiseFactor));
    ts += gapMinutes(random, where, density) * MINUTE_MS;
  }
  return events;
}
