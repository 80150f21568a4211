import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../../lib/db/connect';
import { compileStatement } from '../../../lib/db/repositories/compiled-statement';
import { TEST_ENGINES, TEST_PG_URL, freshDatabase, type TestDatabase } from '../engines';

/** A scratch table of this test's own. */
type Scratch = { writes: { id: string; n: number } };

const insertWrite = compileStatement((db, a: { id: string; n: number }) =>
  (db as unknown as Kysely<Scratch>).insertInto('writes').values({ id: a.id, n: a.n }).returning('n'),
);

/**
 * PostgreSQL: a transaction's BEGIN leaves with its first statement (lib/db/pg-prepared-pool.ts).
 * What it must keep: atomicity, rollback, an aborted first statement ending cleanly, and named
 * prepared statements parsed once.
 */
describe.runIf(TEST_ENGINES.includes('postgres'))('BEGIN sent with the first statement', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let db: Kysely<Scratch>;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    handle = connectDatabase(TEST_PG_URL, { schema: database.schema, poolSize: 1 });
    db = handle.db as unknown as Kysely<Scratch>;
    await sql`create table writes (id text primary key, n integer not null)`.execute(db);
    admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    await handle?.close();
    await admin?.end();
    await database?.drop();
  });

  /** Statements handed to pg (one per round trip), counted while `work` runs. */
  async function roundTrips(work: () => Promise<unknown>): Promise<number> {
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    await work();
    const calls = spy.mock.calls.length;
    spy.mockRestore();
    return calls;
  }
  const stored = async (id: string) =>
    (await admin.query(`select n from ${database.schema}.writes where id = $1`, [id])).rows;

  it('commits a one-statement transaction in two round trips', async () => {
    const trips = await roundTrips(() =>
      db.transaction().execute((trx) => trx.insertInto('writes').values({ id: 'one', n: 1 }).execute()),
    );
    expect(trips).toBe(2);
    expect(await stored('one')).toEqual([{ n: 1 }]);
  });

  it('keeps every statement of the transaction in it: a throw after two inserts leaves neither', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('writes').values({ id: 'rolled-a', n: 1 }).execute();
        await trx.insertInto('writes').values({ id: 'rolled-b', n: 2 }).execute();
        expect(await stored('rolled-a')).toEqual([]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await stored('rolled-a')).toEqual([]);
    expect(await stored('rolled-b')).toEqual([]);
  });

  it('ends a transaction whose first statement failed, and the connection serves the next one', async () => {
    await db.insertInto('writes').values({ id: 'taken', n: 1 }).execute();
    await expect(
      db.transaction().execute((trx) => trx.insertInto('writes').values({ id: 'taken', n: 2 }).execute()),
    ).rejects.toThrow(/duplicate key/);
    await db.transaction().execute((trx) => trx.insertInto('writes').values({ id: 'after', n: 3 }).execute());
    expect(await stored('taken')).toEqual([{ n: 1 }]);
    expect(await stored('after')).toEqual([{ n: 3 }]);
  });

  it('sends nothing for a transaction that ran no statement', async () => {
    expect(await roundTrips(() => db.transaction().execute(async () => undefined))).toBe(0);
    await expect(
      db.transaction().execute(async () => {
        throw new Error('before any statement');
      }),
    ).rejects.toThrow('before any statement');
    await db.transaction().execute((trx) => trx.insertInto('writes').values({ id: 'clean', n: 4 }).execute());
    expect(await stored('clean')).toEqual([{ n: 4 }]);
  });

  it('runs a named prepared statement first in a transaction, parsed once per connection', async () => {
    const executor = db as unknown as Parameters<typeof insertWrite.first>[0];
    const results: unknown[] = [];
    for (const n of [10, 11, 12]) {
      await handle.db.transaction().execute(async (trx) => {
        results.push(await insertWrite.first(trx, { id: `named-${n}`, n }));
      });
    }
    const later = await roundTrips(() =>
      handle.db.transaction().execute((trx) => insertWrite.first(trx, { id: 'named-13', n: 13 })),
    );
    expect(results).toEqual([{ n: 10 }, { n: 11 }, { n: 12 }]);
    expect(later).toBe(2);
    expect(await stored('named-13')).toEqual([{ n: 13 }]);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements
      where statement like 'insert into "writes"%'`.execute(executor);
    expect(rows).toEqual([{ n: 1 }]);
  });
});
