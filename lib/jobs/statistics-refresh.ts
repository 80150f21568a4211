import { refreshStatistics } from '../db/postgres-statistics';
import type { Executor } from '../db/repositories/executor';
import { processTurns, type EventLoopTurns } from '../runtime/event-loop-turns';
import { everyInterval, type Repeat } from './repeat-every';

/** How often the worker looks for PostgreSQL tables whose statistics went stale: autovacuum's own naptime. */
export const STATISTICS_INTERVAL_MS = 60_000;

/**
 * The worker's watch over PostgreSQL's planner statistics (postgres-statistics.ts): each minute, the
 * tables past autovacuum's analyze threshold are analysed — only while autovacuum is off, which
 * otherwise does the same. Like the console's catch-up, a wall-clock task outside the job queue; each
 * ANALYZE waits for a background turn, so that in one-process mode requests go first.
 */
export function startStatisticsRefresh(
  db: Executor,
  log: (line: Record<string, unknown>) => void,
  repeat: Repeat = everyInterval(STATISTICS_INTERVAL_MS),
  turns: EventLoopTurns = processTurns,
): () => Promise<void> {
  return repeat(async () => {
    try {
      const { analysed } = await refreshStatistics(db, { between: turns.background });
      if (analysed.length > 0)
        log({ level: 'info', component: 'statistics', msg: 'analysed', tables: analysed });
    } catch (error) {
      log({ level: 'warn', component: 'statistics', msg: (error as Error).message });
    }
  });
}
