import { BACKGROUND_BATCH_ROWS, catchUpConsoleIndexes } from '../db/console/console-indexed';
import type { Executor } from '../db/repositories/executor';
import { processTurns, type EventLoopTurns } from '../runtime/event-loop-turns';
import { everyInterval, type Repeat } from './repeat-every';

/** How often the worker puts the newly written signups and payments into the console's indexes. */
export const CONSOLE_INDEX_INTERVAL_MS = 5_000;

/**
 * The worker's background catch-up of the console's indexes (console-indexed.ts), so that a console
 * route finds at most a few seconds of signups and payments to index before it reads. Not a job of
 * the queue: it has no tenant, no retries and nothing to lease, and it runs on the wall clock. A
 * failed round (the database busy past busy_timeout) is logged; the next one, or the console's own
 * catch-up, does its work.
 */
export function startConsoleIndexCatchUp(
  db: Executor,
  log: (line: Record<string, unknown>) => void,
  repeat: Repeat = everyInterval(CONSOLE_INDEX_INTERVAL_MS),
  turns: EventLoopTurns = processTurns,
): () => Promise<void> {
  // Each write (and the first reads) in a background turn of the process, as the worker's jobs take
  // theirs: requests waiting for a turn go first. A turn from setImmediate alone alternated with them,
  // one request per write, while the queue behind them grew.
  const pace = { batchRows: BACKGROUND_BATCH_ROWS, between: turns.background };
  return repeat(async () => {
    try {
      await turns.background();
      await catchUpConsoleIndexes(db, pace);
    } catch (error) {
      log({ level: 'warn', component: 'console-index', msg: (error as Error).message });
    }
  });
}
