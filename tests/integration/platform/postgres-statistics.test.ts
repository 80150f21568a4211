import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { refreshStatistics, tablesDueForAnalyze } from '../../../lib/db/postgres-statistics';
import type { Executor } from '../../../lib/db/repositories/executor';
import { startStatisticsRefresh } from '../../../lib/jobs/statistics-refresh';
import type { EventLoopTurns } from '../../../lib/runtime/event-loop-turns';
import { waitFor } from '../webhooks/worker-process';
import { TEST_ENGINES } from '../engines';
import { migratedDatabases } from '../migrated-database';
import { manualRepeat } from '../manual-repeat';

const LOADED = 5_000;

/** A table of this schema loaded in bulk on one connection, its counts flushed to the statistics system. */
async function bulkLoad(db: Executor, table: string): Promise<void> {
  await sql`create table ${sql.table(table)} (id integer primary key, cell text not null)`.execute(db);
  await db.connection().execute(async (connection) => {
    await sql`insert into ${sql.table(table)} select g, 'cell-' || (g % 97) from generate_series(1, ${LOADED}) g`.execute(
      connection,
    );
    // A backend reports its counts at most once a second unless told; the next statement's end flushes them.
    await sql`select pg_stat_force_next_flush()`.execute(connection);
    await sql`select 1`.execute(connection);
  });
  await waitFor(async () => (await changedSinceAnalyze(db, table)) >= LOADED);
}

async function changedSinceAnalyze(db: Executor, table: string): Promise<number> {
  const { rows } = await sql<{ n: string | null }>`
    select n_mod_since_analyze::text as n from pg_stat_user_tables
     where schemaname = current_schema() and relname = ${table}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** What the planner believes of the table: its row estimate and whether a column has statistics. */
async function plannerView(db: Executor, table: string) {
  const { rows } = await sql<{ reltuples: number; columns: string }>`
    select c.reltuples::float8 as reltuples,
           (select count(*) from pg_stats s where s.schemaname = current_schema() and s.tablename = ${table})::text as columns
      from pg_class c where c.oid = (quote_ident(current_schema()) || '.' || quote_ident(${table}))::regclass`.execute(
    db,
  );
  return { rows: Number(rows[0]!.reltuples), columnsWithStatistics: Number(rows[0]!.columns) };
}

const autovacuumOn = async (db: Executor) =>
  (await sql<{ on: boolean }>`select current_setting('autovacuum') = 'on' as on`.execute(db)).rows[0]!.on;

describe.runIf(TEST_ENGINES.includes('postgres'))('PostgreSQL statistics kept fresh', () => {
  const open = migratedDatabases('postgres');

  it('a table loaded in bulk is due, analysed when forced, and then no longer due', async () => {
    const db = await open();
    await bulkLoad(db, 'bulk_loaded');
    expect(await plannerView(db, 'bulk_loaded')).toMatchObject({ columnsWithStatistics: 0 });
    expect(await tablesDueForAnalyze(db, { force: true })).toContain('bulk_loaded');

    const yielded: string[] = [];
    const { analysed } = await refreshStatistics(db, {
      force: true,
      between: async () => void yielded.push('turn'),
    });
    expect(analysed).toContain('bulk_loaded');
    // A turn given up before each ANALYZE, so that the API's requests can go first.
    expect(yielded).toHaveLength(analysed.length);
    expect(await plannerView(db, 'bulk_loaded')).toEqual({ rows: LOADED, columnsWithStatistics: 2 });
    expect(await changedSinceAnalyze(db, 'bulk_loaded')).toBe(0);
    expect(await tablesDueForAnalyze(db, { force: true })).not.toContain('bulk_loaded');
  });

  it("a few rows more than the last ANALYZE saw are not due: autovacuum's threshold, not every change", async () => {
    const db = await open();
    await bulkLoad(db, 'bulk_loaded');
    await refreshStatistics(db, { force: true });
    await db.connection().execute(async (connection) => {
      await sql`update bulk_loaded set cell = 'moved' where id <= 100`.execute(connection);
      await sql`select pg_stat_force_next_flush()`.execute(connection);
      await sql`select 1`.execute(connection);
    });
    await waitFor(async () => (await changedSinceAnalyze(db, 'bulk_loaded')) === 100);
    // 100 changed rows against 50 + 10 % of 5,000 = 550.
    expect(await tablesDueForAnalyze(db, { force: true })).not.toContain('bulk_loaded');
  });

  it("the worker's round analyses stale tables only while autovacuum is off, and logs a failed round", async () => {
    const db = await open();
    await bulkLoad(db, 'bulk_loaded');
    const { repeat, ticks } = manualRepeat();
    const logged: Record<string, unknown>[] = [];
    let backgroundTurns = 0;
    const turns: EventLoopTurns = { request: async () => {}, background: async () => void backgroundTurns++ };
    const stop = startStatisticsRefresh(db, (line) => logged.push(line), repeat, turns);
    await ticks[0]?.();
    await stop();
    const roundAnalysed = logged.filter((line) => line.msg === 'analysed');
    if (await autovacuumOn(db)) {
      // Autovacuum's to do (it may or may not have come round yet): the worker leaves the table alone.
      expect(roundAnalysed).toEqual([]);
    } else {
      expect((await plannerView(db, 'bulk_loaded')).columnsWithStatistics).toBe(2);
      expect(roundAnalysed).toEqual([
        expect.objectContaining({ tables: expect.arrayContaining(['bulk_loaded']) }),
      ]);
      expect(backgroundTurns).toBeGreaterThan(0);
    }

    await sql`drop table bulk_loaded`.execute(db);
    const failing = startStatisticsRefresh(db, (line) => logged.push(line), repeat, {
      request: async () => {},
      background: async () => sql`select 1 / 0`.execute(db).then(() => {}),
    });
    await bulkLoad(db, 'bulk_reloaded');
    await ticks[1]?.();
    await failing();
    if (!(await autovacuumOn(db)))
      expect(logged).toContainEqual(expect.objectContaining({ component: 'statistics', level: 'warn' }));
  });
});
