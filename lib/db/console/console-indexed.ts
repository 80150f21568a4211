import { sql, type RawBuilder } from 'kysely';
import { onPostgres, type Executor } from '../repositories/executor';

/** The tables whose console indexes hold a row only once the console caught up with it (migration 0612). */
export const CONSOLE_INDEX_TABLES = ['signups', 'transactions'] as const;
export type ConsoleIndexTable = (typeof CONSOLE_INDEX_TABLES)[number];

/** Rows indexed per write transaction of a catch-up: other writers get the lock between two batches. */
export const CATCH_UP_BATCH_ROWS = 2_000;

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

async function indexBatch(db: Executor, table: ConsoleIndexTable): Promise<number> {
  const t = sql.table(table);
  const batch = sql.lit(CATCH_UP_BATCH_ROWS);
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
 * of CATCH_UP_BATCH_ROWS (each its own write), and says how many. Reads only, when there are none.
 */
export async function catchUpConsoleIndexes(db: Executor): Promise<number> {
  let indexed = 0;
  for (const table of CONSOLE_INDEX_TABLES) {
    if (!(await hasPending(db, table))) continue;
    for (;;) {
      const rows = await indexBatch(db, table);
      indexed += rows;
      if (rows < CATCH_UP_BATCH_ROWS) break;
    }
  }
  return indexed;
}
