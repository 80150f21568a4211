import { performance } from 'node:perf_hooks';

/**
 * The process's event-loop turns, shared by the API's admitted requests and the in-process worker.
 *
 * A waiter is granted a turn from the check phase (`setImmediate`), one waiter per turn, so between two
 * grants the loop polls its sockets: new arrivals are admitted (or refused) within one piece of work,
 * and on a synchronous engine (SQLite), where a request runs to completion once started, nothing runs
 * back to back unseen. Requests come first: background work is granted a turn only when no request is
 * waiting, or once it has waited `backgroundMaxWaitMs` — so a busy API never starves the worker
 * entirely, and the worker never adds a slice between queued requests while they wait.
 */
export interface EventLoopTurns {
  /** An admitted request's turn, in arrival order, before any background work. */
  request(): Promise<void>;
  /** A background slice's turn (a job's next piece of work), in order among background waiters. */
  background(): Promise<void>;
}

/** How long background work yields to a queue of requests before it takes one turn anyway. */
export const BACKGROUND_MAX_WAIT_MS = 100;

interface Waiter {
  resolve: () => void;
  since: number;
}

export function makeEventLoopTurns(
  options: { now?: () => number; backgroundMaxWaitMs?: number } = {},
): EventLoopTurns {
  const now = options.now ?? (() => performance.now());
  const maxWait = options.backgroundMaxWaitMs ?? BACKGROUND_MAX_WAIT_MS;
  const requests: Waiter[] = [];
  const background: Waiter[] = [];
  let scheduled = false;
  const next = (): Waiter | undefined => {
    const oldest = background[0];
    if (oldest && (requests.length === 0 || now() - oldest.since >= maxWait)) return background.shift();
    return requests.shift();
  };
  const grant = () => {
    next()?.resolve();
    scheduled = requests.length + background.length > 0;
    // Scheduled from the check phase, the next grant comes after the next poll phase.
    if (scheduled) setImmediate(grant);
  };
  const wait = (queue: Waiter[]) =>
    new Promise<void>((resolve) => {
      queue.push({ resolve, since: now() });
      if (!scheduled) {
        scheduled = true;
        setImmediate(grant);
      }
    });
  return { request: () => wait(requests), background: () => wait(background) };
}

/** The event loop is one per process, and so are its turns: the API and the worker share these. */
export const processTurns: EventLoopTurns = makeEventLoopTurns();
