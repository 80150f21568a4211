import type { Clock } from '../domain/clock';

/** A clock the demo seeding moves through the past, and that follows `base` otherwise. */
export interface DemoClock extends Clock {
  /** From now on "now" is `ms` (never earlier than a time already shown, never later than `base`). */
  travelTo(ms: number): void;
  /** Back to `base`'s time, for good. */
  resume(): void;
}

/**
 * The demo seeds 30 days of activity in seconds by running the real API on a clock that jumps from one
 * moment of the simulated month to the next: every row (signup, assessment, payment, feedback, webhook
 * attempt) is stamped with the moment it happened, not with the seeding's wall time. It only moves
 * forward, and never past `base`, so nothing is ever in the future of the real clock.
 */
export function makeDemoClock(base: Clock): DemoClock {
  let travelling: number | null = null;
  return {
    now: () => travelling ?? base.now(),
    travelTo(ms) {
      travelling = Math.min(base.now(), Math.max(travelling ?? ms, ms));
    },
    resume() {
      travelling = null;
    },
  };
}
