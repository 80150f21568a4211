import type { Random } from './random';
import type { Realism } from './realism';

/** What every scenario generator receives: its own random stream and the population's settings. */
export interface GenerationContext {
  random: Random;
  /** The simulation's "now", epoch ms; nothing happens after it. */
  now: number;
  /** Days of location history before the signup; null draws 3–21 per device. */
  days: number | null;
  /** Share of signups and payments whose addresses carry coordinates. */
  coordinatesShare: number;
  /** Absent means `default`; `hard` draws the harder population (lib/sim/realism.ts). */
  realism?: Realism;
}

const HOUR_MS = 3_600_000;

/** First day of history for a device whose signup is near `now`. */
export function historyStart(ctx: GenerationContext): number {
  // The hard population mixes phones installed two days ago with ones carrying six weeks of history.
  const days = ctx.days ?? (ctx.realism === 'hard' ? ctx.random.int(2, 45) : ctx.random.int(3, 21));
  return ctx.now - days * 24 * HOUR_MS;
}

/** A signup moment 20–30 h before `now`, leaving a day of live events and payments after it. */
export function signupWindow(ctx: GenerationContext): [number, number] {
  return [ctx.now - 30 * HOUR_MS, ctx.now - 20 * HOUR_MS];
}
