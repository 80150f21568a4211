/**
 * Turns of the event loop for background work, one waiter per turn, first come first served.
 *
 * `setImmediate` callbacks run after the loop has polled for I/O, so whoever waits for a turn lets
 * every request that arrived meanwhile be served first. One waiter per turn matters: callbacks queued
 * together run back to back in one check phase, and twenty jobs each taking "a short slice" there
 * would hold the loop for all twenty slices at once.
 */
export function makeEventLoopTurns(): () => Promise<void> {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  const grant = () => {
    scheduled = false;
    waiting.shift()?.();
    if (waiting.length > 0) schedule();
  };
  const schedule = () => {
    scheduled = true;
    setImmediate(grant);
  };
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!scheduled) schedule();
    });
}
