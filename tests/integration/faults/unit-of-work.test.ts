import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../../lib/db/connect';
import { compileStatement } from '../../../lib/db/repositories/compiled-statement';
import type { Executor } from '../../../lib/db/repositories/executor';
import { isDatabaseUnavailable } from '../../../lib/db/database-faults';
import { runUnitOfWork } from '../../../lib/db/unit-of-work';
import { TEST_ENGINES, TEST_PG_URL, freshDatabase, type TestDatabase } from '../engines';

/** A scratch table of this test's own (the unit of work does not care what it writes). */
type Scratch = { writes: { id: string } };

/**
 * What is safe to run again when PostgreSQL drops the connection: a unit that committed nothing. A
 * unit that committed, or whose COMMIT or autocommit write was in flight, is not retried (a double
 * write would be worse than a 503).
 */
describe.runIf(TEST_ENGINES.includes('postgres'))('unit of work on postgres', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let db: Kysely<Scratch>;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    handle = connectDatabase(TEST_PG_URL, { schema: database.schema, onConnectionError: () => undefined });
    db = handle.db as unknown as Kysely<Scratch>;
    await sql`create table writes (id text primary key)`.execute(db);
    admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await handle?.close();
    await admin?.end();
    await database?.drop();
  });

  /** Terminates the backend serving `executor` (what a restart or failover does to it). */
  async function dropConnectionOf(executor: Kysely<Scratch>): Promise<void> {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(executor);
    await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
  }
  const count = async (id: string) =>
    Number(
      (
        await db
          .selectFrom('writes')
          .select((c) => c.fn.countAll().as('n'))
          .where('id', '=', id)
          .executeTakeFirst()
      )?.n,
    );

  it('runs a transaction that lost its connection before COMMIT once more, and it is written once', async () => {
    let runs = 0;
    await runUnitOfWork(() =>
      db.transaction().execute(async (trx) => {
        runs++;
        await trx.insertInto('writes').values({ id: 'tx-retried' }).execute();
        if (runs === 1) {
          await dropConnectionOf(trx);
          await trx.insertInto('writes').values({ id: 'tx-retried-2' }).execute();
        }
      }),
    );
    expect(runs).toBe(2);
    expect(await count('tx-retried')).toBe(1);
    expect(await count('tx-retried-2')).toBe(0);
  });

  it('does not run again a unit that had already committed something', async () => {
    let runs = 0;
    const failure = await runUnitOfWork(async () => {
      runs++;
      await db
        .transaction()
        .execute((trx) => trx.insertInto('writes').values({ id: 'committed-first' }).execute());
      await db.transaction().execute(async (trx) => {
        await dropConnectionOf(trx);
        await trx.insertInto('writes').values({ id: 'never' }).execute();
      });
    }).catch((error: unknown) => error);
    expect(runs).toBe(1);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(await count('committed-first')).toBe(1);
  });

  it('does not run again a unit whose compiled statement autocommitted a write on the pool', async () => {
    // A compiled statement on the handle itself runs on a pooled connection, outside Kysely's executor
    // (lib/db/pg-pooled-statements.ts): its autocommitted write is noted all the same.
    const insertWrite = compileStatement((executor: Executor, a: { id: string }) =>
      (executor as unknown as Kysely<Scratch>).insertInto('writes').values({ id: a.id }),
    );
    let runs = 0;
    const failure = await runUnitOfWork(async () => {
      runs++;
      const written = await insertWrite.execute(db as unknown as Executor, { id: 'compiled-first' });
      expect(written.numAffectedRows).toBe(1n);
      await db.transaction().execute(async (trx) => {
        await dropConnectionOf(trx);
        await trx.insertInto('writes').values({ id: 'never-compiled' }).execute();
      });
    }).catch((error: unknown) => error);
    expect(runs).toBe(1);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(await count('compiled-first')).toBe(1);
    expect(await count('never-compiled')).toBe(0);
  });

  it('answers an unreachable database with an error classed unavailable, after one retry', async () => {
    const unreachable = connectDatabase('postgres://postgres@127.0.0.1:1/test', {
      timeouts: { connectMs: 500, statementMs: 500, idleInTransactionMs: 500 },
      onConnectionError: () => undefined,
    });
    let runs = 0;
    const failure = await runUnitOfWork(() => {
      runs++;
      return sql`select 1`.execute(unreachable.db);
    }).catch((error: unknown) => error);
    await unreachable.close();
    expect(runs).toBe(2);
    expect(isDatabaseUnavailable(failure)).toBe(true);
  });
});
