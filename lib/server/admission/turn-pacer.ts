/**
 * Lets admitted requests start one per event-loop turn, in arrival order. Between two starts the loop
 * polls its sockets, so new arrivals are admitted or refused within one request's synchronous work —
 * instead of waiting, unread, while a batch of admitted requests runs back to back (on SQLite each runs
 * to completion without yielding). The queue it keeps is bounded by the in-flight limits.
 */
export function makeTurnPacer() {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  const startNext = () => {
    waiting.shift()?.();
    scheduled = waiting.length > 0;
    // Scheduled from the check phase, the next start comes after the next poll phase.
    if (scheduled) setImmediate(startNext);
  };
  return {
    /** Resolves when this request may start: its own turn, after those that arrived before it. */
    turn(): Promise<void> {
      return new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (!scheduled) {
          scheduled = true;
          setImmediate(startNext);
        }
      });
    },
  };
}
