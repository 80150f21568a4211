import type { Clock } from '../domain/clock';

/** A clock tests move by hand, so that 48 hours pass in a millisecond. */
export interface ManualClock extends Clock {
  set(ms: number): void;
  advance(ms: number): void;
}

export function manualClock(start = Date.UTC(2026, 0, 15, 12)): ManualClock {
  let current = start;
  return {
    now: () => current,
    set: (ms) => {
      current = ms;
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
