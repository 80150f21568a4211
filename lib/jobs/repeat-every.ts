/**
 * Runs `tick` every so often, one at a time, until the returned stop is called; stop resolves once a
 * tick in progress ended. The worker's wall-clock background tasks take one; tests pass their own.
 */
export type Repeat = (tick: () => Promise<void>) => () => Promise<void>;

/** A Repeat on a timer that does not keep the process alive; a tick still running skips the next one. */
export const everyInterval =
  (intervalMs: number): Repeat =>
  (tick) => {
    let running: Promise<void> | null = null;
    const timer = setInterval(() => {
      running ??= tick().finally(() => (running = null));
    }, intervalMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
    };
  };
