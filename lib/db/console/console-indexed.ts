import { sql, type RawBuilder } from 'kysely';
import { onPostgres, type Executor } from '../repositories/executor';

/** The tables whose console indexes hold a row only once the console caught up with it (migration 0612). */
export const CONSOLE_INDEX_TABLES = ['signups', 'transactions'] as const;
export type ConsoleIndexTable = (typeof CONSOLE_INDEX_TABLES)[number];

/** Rows indexed per write transaction of a catch-up: other writers get the lock between two batches. */
export const CATCH_UP_BATCH_ROWS = 2_000;

/** How a catch-up paces itself: rows per write, and what it waits for between two writes. */
export interface CatchUpPace {
  batchRows: number;
  between?: () => Promise<void>;
}

/**
 * Rows per write at the worker's pace (lib/jobs/console-index-catch-up.ts). In one process with the API a
 * batch is a synchronous statement on the event loop: 1,500 rows (5 s of 300 signups/s) rewrite ~1,500
 * pages and five indexes' entries in one go, which held the loop ~100 ms every 5 s in the soak; 200 rows
 * took 1.4–1.9 ms of CPU with rows of ~2.5 KB of evidence (each row rewritten whole), 50 rows
 * 0.6 ms (in-process, medians of 20 rounds of 1,500 rows). Small batches, each in a turn of its own.
 */
export const BACKGROUND_BATCH_ROWS = 50;

/**
 * The term a console query over `table` carries so that the console's (partial) indexes can serve it:
 * it matches every row once `catchUpConsoleIndexes` has run, which every console route does first.
 */
export const consoleIndexed = (table: ConsoleIndexTable): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref(`${table}.console_indexed`)} is not null`;

async function hasPending(db: Executor, table: ConsoleIndexTable): Promise<boolean> {
  // SQLite: the rows not yet indexed are always the newest by rowid (inserts append, catch-ups index
  // the oldest first), so the newest row tells. PostgreSQL: its partial index of the pending rows.
  const probe = onPostgres(db)
    ? sql<{
        pending: unknown;
      }>`select 1 as pending from ${sql.table(table)} where console_indexed is null limit 1`
    : sql<{
        pending: unknown;
      }>`select 1 as pending from (select console_indexed from ${sql.table(table)} order by rowid desc limit 1) where console_indexed is null`;
  return (await probe.execute(db)).rows.length > 0;
}

async function indexBatch(db: Executor, table: ConsoleIndexTable, rows: number): Promise<number> {
  const t = sql.table(table);
  const batch = sql.lit(rows);
  const result = onPostgres(db)
    ? await sql`update ${t} set console_indexed = 1 where id in (select id from ${t} where console_indexed is null limit ${batch})`.execute(
        db,
      )
    : await sql`update ${t} set console_indexed = 1 where rowid in (select rowid from ${t}
        where rowid > coalesce((select rowid from ${t} not indexed where console_indexed is not null order by rowid desc limit 1), 0)
        order by rowid limit ${batch})`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/**
 * Puts the signups and payments written since the last catch-up into the console's indexes, in batches
 * of `pace.batchRows` (each its own write; CATCH_UP_BATCH_ROWS for a console route, which waits for it),
 * and says how many. Reads only, when there are none.
 */
export async function catchUpConsoleIndexes(
  db: Executor,
  pace: CatchUpPace = { batchRows: CATCH_UP_BATCH_ROWS },
): Promise<number> {
  let indexed = 0;
  for (const table of CONSOLE_INDEX_TABLES) {
    if (!(await hasPending(db, table))) continue;
    for (;;) {
      const rows = await indexBatch(db, table, pace.batchRows);
      indexed += rows;
      if (rows < pace.batchRows) break;
      await pace.between?.();
    }
  }
  return indexed;
}
