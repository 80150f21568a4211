import type { LocalClock } from '../time-zone';
import { clockAt } from '../time-zone';
import type { SimEvent } from '../types';
import { recordFixes } from './app/record-fixes';
import type { LifePlaces } from './lives/life';
import { buildTrajectory, type Trajectory } from './trajectory';
import type { PersonDraw, WorldContext } from './world-context';

/** A person living their life for a stretch of time, and what their phone recorded of it. */
export interface LivedPerson extends PersonDraw {
  places: LifePlaces;
  clock: LocalClock;
  trajectory: Trajectory;
  events: SimEvent[];
}

/**
 * Lives `draw`'s life over [from, to] at `places` (drawn from the life when absent), on the clock of the
 * home's real time zone, and records it with the person's phone and app.
 */
export function livePerson(
  ctx: WorldContext,
  draw: PersonDraw,
  from: number,
  to: number,
  places: LifePlaces = draw.life.places(ctx.random, draw.city),
  /** Names the random streams: two stretches of one person's life need two labels. */
  label = 'person',
): LivedPerson {
  const clock = clockAt(places.home);
  const trajectory = buildTrajectory(ctx.random.fork(`life:${label}`), draw.life, places, clock, from, to);
  const events = recordFixes(ctx.random.fork(`record:${label}`), {
    trajectory,
    phone: draw.phone,
    app: draw.app,
    from,
    to,
    elevationM: draw.city.elevationM,
    lateHours: draw.city.lateHours,
  });
  return { ...draw, places, clock, trajectory, events };
}
