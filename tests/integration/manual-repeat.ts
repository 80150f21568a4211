import type { Repeat } from '../../lib/jobs/repeat-every';

/** A Repeat the test drives itself: each task started with it adds its tick to `ticks`, run when the test says. */
export function manualRepeat(): { repeat: Repeat; ticks: (() => Promise<void>)[] } {
  const ticks: (() => Promise<void>)[] = [];
  return {
    ticks,
    repeat: (tick) => {
      ticks.push(tick);
      return async () => {};
    },
  };
}
