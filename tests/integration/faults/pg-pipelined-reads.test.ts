import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../../lib/db/connect';
import { isConnectionLost, isDatabaseUnavailable } from '../../../lib/db/database-faults';
import { PIPELINE_DEPTH, STALLED_MS } from '../../../lib/db/pg-pipelined-reads';
import { postgresConnectionsFor } from '../../../lib/db/pg-pooled-statements';
import { compileStatement } from '../../../lib/db/repositories/compiled-statement';
import type { Executor } from '../../../lib/db/repositories/executor';
import { runUnitOfWork } from '../../../lib/db/unit-of-work';
import { TEST_ENGINES, TEST_PG_URL, freshDatabase, type TestDatabase } from '../engines';

/** A scratch table of this test's own. */
type Scratch = { items: { id: string; n: number } };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const scratch = (db: Executor) => db as unknown as Kysely<Scratch>;

/** A compiled read that says which backend ran it; `divisor` 0 fails it, `sleepS` makes it slow. */
const readItem = compileStatement((db: Executor, a: { id: string; divisor: number; sleepS: number }) =>
  scratch(db)
    .selectFrom('items')
    .select([
      'id',
      sql<number>`n / ${a.divisor}::int`.as('n'),
      sql<number>`pg_backend_pid()`.as('pid'),
      sql<string>`pg_sleep(${a.sleepS}::float8)::text`.as('slept'),
    ])
    .where('id', '=', a.id),
);

/** Another read, parsed on no connection until the test that uses it. */
const countItems = compileStatement((db: Executor, a: { below: number }) =>
  scratch(db)
    .selectFrom('items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('n', '<', a.below),
);

/**
 * PostgreSQL: the compiled reads run on the handle outside a transaction go through pipelined
 * connections (lib/db/pg-pipelined-reads.ts). What they must keep: the right rows under concurrency,
 * a lost connection failing as lost (and the unit of work's second run succeeding on a fresh
 * connection), one read's error leaving its neighbours alone, and statement_timeout.
 */
describe.runIf(TEST_ENGINES.includes('postgres'))('pipelined reads on postgres', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let db: Executor;
  let admin: pg.Client;
  const STATEMENT_TIMEOUT_MS = 300;

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    handle = connectDatabase(TEST_PG_URL, {
      schema: database.schema,
      poolSize: 2,
      pipelinedConnections: 1,
      timeouts: { connectMs: 2_000, statementMs: STATEMENT_TIMEOUT_MS, idleInTransactionMs: 5_000 },
      onConnectionError: () => undefined,
    });
    db = handle.db as unknown as Executor;
    await sql`create table items (id text primary key, n integer not null)`.execute(handle.db);
    await sql`insert into items select 'item-' || i, i from generate_series(1, 100) i`.execute(handle.db);
    admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await handle?.close();
    await admin?.end();
    await database?.drop();
  });

  const read = (i: number, options: { divisor?: number; sleepS?: number } = {}) =>
    readItem.first(db, { id: `item-${i}`, divisor: options.divisor ?? 1, sleepS: options.sleepS ?? 0 });

  /** Reads until the pipelined connection is open; answers its backend's pid. */
  async function pipelinedBackend(): Promise<number> {
    const reads = postgresConnectionsFor(handle.db)?.reads;
    if (!reads) throw new Error('the handle has no pipelined reads');
    while (reads.openConnections === 0) {
      await read(1);
      await pause(10);
    }
    const [first] = await Promise.all([read(1), read(2)]);
    if (!first) throw new Error('item-1 is missing');
    return first.pid;
  }

  it('runs concurrent reads one behind the other on the pipelined connection, each with its rows', async () => {
    const pid = await pipelinedBackend();
    const ids = Array.from({ length: 40 }, (_, i) => i + 1);
    const rows = await Promise.all(ids.map((i) => read(i)));
    expect(rows.map((r) => [r?.id, r?.n])).toEqual(ids.map((i) => [`item-${i}`, i]));
    // The first PIPELINE_DEPTH are written on the pipelined connection, the rest go to the pool.
    expect(rows.filter((r) => r?.pid === pid)).toHaveLength(PIPELINE_DEPTH);
    expect(new Set(rows.map((r) => r?.pid)).size).toBeGreaterThan(1);
  });

  it('fails only the read whose statement errs, not the reads written beside it', async () => {
    const pid = await pipelinedBackend();
    const settled = await Promise.allSettled([read(3), read(4, { divisor: 0 }), read(5)]);
    expect(settled[0]).toMatchObject({ status: 'fulfilled', value: { id: 'item-3', n: 3, pid } });
    expect(settled[1]).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
    expect(settled[2]).toMatchObject({ status: 'fulfilled', value: { id: 'item-5', n: 5, pid } });
    expect(await read(6)).toMatchObject({ id: 'item-6', pid });
  });

  it('applies statement_timeout to a pipelined read, and the reads behind it are answered', async () => {
    const pid = await pipelinedBackend();
    const settled = await Promise.allSettled([read(7, { sleepS: 2 }), read(8)]);
    expect(settled[0]).toMatchObject({ status: 'rejected', reason: { code: '57014' } });
    expect(settled[0].status === 'rejected' && isDatabaseUnavailable(settled[0].reason)).toBe(true);
    expect(settled[1]).toMatchObject({ status: 'fulfilled', value: { id: 'item-8', pid } });
  });

  it('fails the reads in flight on a terminated backend as lost, runs them again, and reopens', async () => {
    const pid = await pipelinedBackend();
    const failures: unknown[] = [];
    let runs = 0;
    const units = [9, 10, 11].map((i) =>
      runUnitOfWork(async () => {
        runs++;
        try {
          return await read(i, { sleepS: runs <= 3 ? 0.2 : 0 });
        } catch (error) {
          failures.push(error);
          throw error;
        }
      }),
    );
    // All three are written on the pipelined connection; its backend is terminated while it sleeps.
    while (
      (await admin.query(`select 1 from pg_stat_activity where pid = $1 and state = 'active'`, [pid]))
        .rowCount === 0
    )
      await pause(5);
    await admin.query('select pg_terminate_backend($1)', [pid]);
    const rows = await Promise.all(units);
    expect(rows.map((r) => r?.id)).toEqual(['item-9', 'item-10', 'item-11']);
    expect(failures).toHaveLength(3);
    expect(failures.every(isConnectionLost)).toBe(true);
    expect(runs).toBe(6);
    const reopened = await pipelinedBackend();
    expect(reopened).not.toBe(pid);
    expect(await read(12)).toMatchObject({ id: 'item-12', n: 12, pid: reopened });
  });

  it('sends no more reads to a connection stuck on a statement: they go to the pool', async () => {
    const pid = await pipelinedBackend();
    const slow = read(13, { sleepS: 0.2 });
    await pause(STALLED_MS * 3);
    const [next] = await Promise.all([read(14), slow]);
    expect(next).toMatchObject({ id: 'item-14', n: 14 });
    expect(next?.pid).not.toBe(pid);
    expect(await read(15)).toMatchObject({ id: 'item-15', pid });
  });

  it('fails the reads behind a Parse that timed out on a locked table as timeouts, not as unknown statements', async () => {
    await pipelinedBackend();
    const holder = new pg.Client({ connectionString: TEST_PG_URL });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(`lock table ${database.schema}.items in access exclusive mode`);
      const settled = await Promise.allSettled([10, 20, 30].map((below) => countItems.first(db, { below })));
      expect(settled.map((s) => s.status === 'rejected' && (s.reason as { code?: string }).code)).toEqual([
        '57014',
        '57014',
        '57014',
      ]);
    } finally {
      await holder.query('commit');
      await holder.end();
    }
    const counts = await Promise.all([10, 20, 30].map((below) => countItems.first(db, { below })));
    expect(counts.map((c) => c?.n)).toEqual([9, 19, 29]);
  });

  it('closes its pooled and pipelined connections even when only compiled statements ran on it', async () => {
    const appName = `locus-pipelined-${database.schema}`;
    const url = new URL(TEST_PG_URL);
    url.searchParams.set('application_name', appName);
    const other = connectDatabase(url.toString(), {
      schema: database.schema,
      onConnectionError: () => undefined,
    });
    const otherDb = other.db as unknown as Executor;
    const reads = postgresConnectionsFor(other.db)?.reads;
    while (!reads?.openConnections) await readItem.first(otherDb, { id: 'item-1', divisor: 1, sleepS: 0 });
    await Promise.all(
      [1, 2, 3].map((i) => readItem.first(otherDb, { id: `item-${i}`, divisor: 1, sleepS: 0 })),
    );
    await other.close();
    // pg-pool's end() resolves before its sockets have closed: the backends leave shortly after (a
    // connection left open would keep this waiting until the test times out).
    const left = () => admin.query('select pid from pg_stat_activity where application_name = $1', [appName]);
    while (((await left()).rowCount ?? 0) > 0) await pause(20);
    expect((await left()).rowCount).toBe(0);
  });
});
