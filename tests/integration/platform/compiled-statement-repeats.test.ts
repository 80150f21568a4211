import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../../lib/db/connect';
import { compileStatement, onceEach } from '../../../lib/db/repositories/compiled-statement';
import { TEST_ENGINES, freshDatabase, type TestDatabase } from '../engines';

/** A scratch table of this test's own. */
type Scratch = { items: { tenant: string; id: string; n: number; label: string } };

/** The tenant used three times, a constant twice, the id once: on SQLite each is bound once. */
const countAround = compileStatement((db, a: { tenant: string; id: string }) => {
  const scratch = db as unknown as Kysely<Scratch>;
  return scratch
    .selectFrom('items as i')
    .select([
      'i.n',
      (eb) =>
        eb
          .selectFrom('items')
          .select((c) => c.fn.countAll<number>().as('c'))
          .where('tenant', '=', a.tenant)
          .where('label', '=', 'kept')
          .as('kept_of_tenant'),
      (eb) =>
        eb
          .selectFrom('items')
          .select((c) => c.fn.countAll<number>().as('c'))
          .where('tenant', '=', a.tenant)
          .where('label', '!=', 'kept')
          .as('others_of_tenant'),
    ])
    .where('i.tenant', '=', a.tenant)
    .where('i.id', '=', a.id);
});

describe('onceEach: numbered parameters, each value bound once', () => {
  it('numbers repeated slots and repeated constants alike, in order of first use', () => {
    const once = onceEach<{ t: string; i: string }>(
      'a = ? and b = ? and c = ? and d = ? and e = ? and f = ?',
      [{ slot: 't' }, { constant: 1 }, { slot: 't' }, { slot: 'i' }, { constant: 1 }, { slot: 't' }],
    );
    expect(once).toEqual({
      sql: 'a = ?1 and b = ?2 and c = ?1 and d = ?3 and e = ?2 and f = ?1',
      bindings: [{ slot: 't' }, { constant: 1 }, { slot: 'i' }],
    });
  });

  it('leaves a statement where more than half the values differ as it is (positional binding is cheaper)', () => {
    expect(onceEach('a = ? and b = ?', [{ slot: 'x' }, { slot: 'y' }])).toBeNull();
    expect(onceEach('a = ? and b = ? and c = ?', [{ slot: 'x' }, { slot: 'y' }, { slot: 'x' }])).toBeNull();
  });

  it('leaves a statement with a ? that is not a parameter as it is', () => {
    expect(onceEach("a = ? and b = '?' and c = ?", [{ slot: 'x' }, { slot: 'x' }])).toBeNull();
    expect(onceEach('a = ? and c = ?', [{ slot: 'x' }, { slot: 'x' }])).toEqual({
      sql: 'a = ?1 and c = ?1',
      bindings: [{ slot: 'x' }],
    });
  });
});

describe.each(TEST_ENGINES)('a compiled statement with repeated arguments (%s)', (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let db: Kysely<Scratch>;

  beforeAll(async () => {
    database = await freshDatabase(engine);
    handle = connectDatabase(database.url, database.schema ? { schema: database.schema } : {});
    db = handle.db as unknown as Kysely<Scratch>;
    await sql`create table items (tenant text not null, id text not null, n integer not null, label text not null)`.execute(
      db,
    );
    await db
      .insertInto('items')
      .values([
        { tenant: 't1', id: 'a', n: 1, label: 'kept' },
        { tenant: 't1', id: 'b', n: 2, label: 'kept' },
        { tenant: 't1', id: 'c', n: 3, label: 'other' },
        { tenant: 't2', id: 'a', n: 4, label: 'kept' },
      ])
      .execute();
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  const expected = [{ n: 1, kept_of_tenant: 2, others_of_tenant: 1 }];
  const read = async (on: Kysely<Scratch>) =>
    (await countAround.rows(on as never, { tenant: 't1', id: 'a' })).map((r) => ({
      n: Number(r.n),
      kept_of_tenant: Number(r.kept_of_tenant),
      others_of_tenant: Number(r.others_of_tenant),
    }));

  it('reads the same rows outside a transaction, inside one, and beside another one open', async () => {
    expect(await read(db)).toEqual(expected);
    expect(await db.transaction().execute((trx) => read(trx))).toEqual(expected);
    // While a transaction holds SQLite's one connection, a statement outside it goes through Kysely
    // (positional parameters), and waits for it.
    let release: () => void = () => {};
    const held = db.transaction().execute(
      (trx) =>
        new Promise<void>((resolve) => {
          release = resolve;
          void trx;
        }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    const outside = read(db);
    release();
    await held;
    expect(await outside).toEqual(expected);
    expect(await read(db)).toEqual(expected);
  });
});
