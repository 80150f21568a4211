import { eastNorthMeters, haversineMeters, shiftMeters } from '../geo';
import type { Random } from '../random';
import type { LocalClock } from '../time-zone';
import type { LatLng } from '../types';
import type { Life, LifePlaces, PlaceLabel } from './lives/life';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface Stay {
  kind: 'stay';
  from: number;
  to: number;
  point: LatLng;
  label: PlaceLabel;
  indoors: boolean;
}

export interface Move {
  kind: 'move';
  from: number;
  to: number;
  origin: LatLng;
  destination: LatLng;
  /** Streets are not straight: the route bows this many metres sideways at its middle. */
  bendM: number;
}

export type Leg = Stay | Move;

/** Where a person truly is at an instant, and what they are doing there. */
export interface Whereabouts {
  point: LatLng;
  label: PlaceLabel | 'moving';
  indoors: boolean;
  asleep: boolean;
  speedMps: number;
  headingDeg: number;
}

/** Door-to-door speed: walking under 1.2 km, a bike or bus under 5 km, a car or metro beyond. */
function travelMs(distanceM: number): number {
  const speed = distanceM < 1_200 ? 1.3 : distanceM < 5_000 ? 4 : 8;
  return ((distanceM * 1.3) / speed) * 1000 + 3 * 60_000;
}

/** A person's whole stretch of life as contiguous legs, and where they are at any instant of it. */
export interface Trajectory {
  legs: readonly Leg[];
  clock: LocalClock;
  from: number;
  to: number;
  whereAt(ts: number): Whereabouts;
}

function positionOnMove(move: Move, ts: number): { point: LatLng; headingDeg: number; speedMps: number } {
  const f = Math.min(1, Math.max(0, (ts - move.from) / (move.to - move.from)));
  const { east, north } = eastNorthMeters(move.origin, move.destination);
  const length = Math.hypot(east, north) || 1;
  // The bow is perpendicular to the straight line, largest halfway.
  const bow = Math.sin(Math.PI * f) * move.bendM;
  const point = shiftMeters(
    move.origin,
    f * east + (bow * north) / length,
    f * north - (bow * east) / length,
  );
  const slope = Math.cos(Math.PI * f) * Math.PI * move.bendM;
  const dEast = east + (slope * north) / length;
  const dNorth = north - (slope * east) / length;
  const headingDeg = ((Math.atan2(dEast, dNorth) * 180) / Math.PI + 360) % 360;
  const speedMps = (Math.hypot(dEast, dNorth) / (move.to - move.from)) * 1000;
  return { point, headingDeg, speedMps };
}

function inSleep(hour: number, [from, to]: [number, number]): boolean {
  return from <= to ? hour >= from && hour < to : hour >= from || hour < to;
}

/**
 * Plays `life` day by day over [from, to]: each local day's trips, chained from wherever the previous day
 * ended, stays in between. A trip cannot leave before the person has arrived from the previous one.
 */
export function buildTrajectory(
  random: Random,
  life: Life,
  places: LifePlaces,
  clock: LocalClock,
  from: number,
  to: number,
): Trajectory {
  const legs: Leg[] = [];
  let here = places.home;
  let label: PlaceLabel = 'home';
  let indoors = true;
  const firstDay = clock.day(from) - 2;
  let since = clock.at(firstDay, 0);
  for (let day = firstDay; day <= clock.day(to) + 1; day++) {
    for (const trip of life.trips(random.fork(`day:${day}`), places, clock, day)) {
      const distanceM = haversineMeters(here, trip.to);
      if (distanceM < 30) continue;
      const leave = Math.max(clock.at(day, trip.at), since + 60_000);
      const arrive = leave + travelMs(distanceM);
      legs.push({ kind: 'stay', from: since, to: leave, point: here, label, indoors });
      const bendM = random.float(-1, 1) * Math.min(800, distanceM * 0.15);
      legs.push({ kind: 'move', from: leave, to: arrive, origin: here, destination: trip.to, bendM });
      here = trip.to;
      label = trip.label;
      indoors = trip.indoors ?? true;
      since = arrive;
    }
  }
  legs.push({ kind: 'stay', from: since, to: to + 2 * DAY_MS, point: here, label, indoors });
  const sleep: [number, number] = [
    (life.sleep[0] + places.city.lateHours) % 24,
    (life.sleep[1] + places.city.lateHours) % 24,
  ];
  return {
    legs,
    clock,
    from,
    to,
    whereAt: (ts) => {
      const leg = findLeg(legs, ts);
      if (leg.kind === 'move')
        return { ...positionOnMove(leg, ts), label: 'moving', indoors: false, asleep: false };
      const asleep = leg.label === 'home' && inSleep(clock.hour(ts), sleep);
      return { point: leg.point, label: leg.label, indoors: leg.indoors, asleep, speedMps: 0, headingDeg: 0 };
    },
  };
}

/** The leg covering `ts` (the first or last leg outside the built span). */
export function findLeg(legs: readonly Leg[], ts: number): Leg {
  let lo = 0;
  let hi = legs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (legs[mid]!.from <= ts) lo = mid;
    else hi = mid - 1;
  }
  return legs[lo]!;
}
