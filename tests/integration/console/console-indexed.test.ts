import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../../../lib/db/connect';
import {
  BACKGROUND_BATCH_ROWS,
  CATCH_UP_BATCH_ROWS,
  catchUpConsoleIndexes,
} from '../../../lib/db/console/console-indexed';
import { listPaymentQueue } from '../../../lib/db/console/payment-queue';
import { listSignupQueue } from '../../../lib/db/console/signup-queue';
import type { Executor } from '../../../lib/db/repositories/executor';
import { startConsoleIndexCatchUp } from '../../../lib/jobs/console-index-catch-up';
import type { EventLoopTurns } from '../../../lib/runtime/event-loop-turns';
import { TEST_ENGINES, freshDatabase } from '../engines';
import { migratedDatabases } from '../migrated-database';
import { manualRepeat } from '../manual-repeat';

const TENANT = 'tenant-a';
const AT = Date.UTC(2026, 0, 15, 12);

/** A signup as the signup repository writes it: `console_indexed` left to the column's default. */
const signupRow = (i: number) => ({
  id: `signup-${String(i).padStart(6, '0')}`,
  tenant_id: TENANT,
  installation_id: `installation-${i}`,
  device_id: null,
  request_id: `request-${i}`,
  declared_address: '{}',
  geocode: null,
  risk_assessment: 'high_risk',
  reasons: '[]',
  evidence: '{}',
  explanation: null,
  created_at: AT + i,
  updated_at: AT + i,
  reassess_until: AT + i + 172_800_000,
  notify: 1,
  review_status: 'open',
  address_cell_lat: null,
  address_cell_lng: null,
});

/**
 * Signups written pending (`console_indexed` null), as every write leaves them on SQLite and as
 * PostgreSQL's did before migration 0671: what a catch-up works on.
 */
async function writeSignups(db: Executor, from: number, count: number): Promise<void> {
  for (let start = from; start < from + count; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(from + count, start + 500); i++)
      rows.push({ ...signupRow(i), console_indexed: null });
    await db.insertInto('signups').values(rows).execute();
  }
}

async function writePayment(db: Executor, i: number): Promise<void> {
  await db
    .insertInto('transactions')
    .values({
      id: `payment-${i}`,
      tenant_id: TENANT,
      installation_id: 'installation-0',
      device_id: null,
      account_id: 'account-1',
      type: 'payment',
      external_id: null,
      addresses: '[]',
      payment_value: null,
      payment_methods: '[]',
      store_id: null,
      location: null,
      evaluated: 1,
      risk_assessment: 'high_risk',
      reasons: '[]',
      evidence: '{}',
      explanation: null,
      created_at: AT + i,
      review_status: 'open',
      address_cell_lat: null,
      address_cell_lng: null,
      console_indexed: null,
    })
    .execute();
}

const pending = async (db: Executor, table: 'signups' | 'transactions') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('console_indexed', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

const signupQueue = (db: Executor) =>
  listSignupQueue(db, { tenantId: TENANT, callerId: 'analyst', order: 'changed', limit: 10 });

/**
 * Migration 0612: the console's indexes of signups and payments hold a row once the console caught up
 * with it (a signup's or payment's write skips them); the console's queries see every row after a
 * catch-up, which every console route runs first (console-guard.ts), and the worker every few seconds.
 */
describe.each(TEST_ENGINES)('the console indexes caught up on %s', (engine) => {
  const open = migratedDatabases(engine);

  it("the worker's pace: small writes with the event loop free between them, every row indexed", async () => {
    const db = await open();
    await writeSignups(db, 0, 25);
    let pauses = 0;
    const pace = { batchRows: 10, between: async () => void (pauses += 1) };
    expect(await catchUpConsoleIndexes(db, pace)).toBe(25);
    // Writes of 10, 10 and 5 rows: a pause after each full one.
    expect(pauses).toBe(2);
    expect(await pending(db, 'signups')).toBe(0);
    expect((await signupQueue(db)).total).toBe(25);
    expect(BACKGROUND_BATCH_ROWS).toBeLessThan(CATCH_UP_BATCH_ROWS);
  });

  it('a case written as the repositories write it: indexed at once on PostgreSQL, by the catch-up on SQLite', async () => {
    const db = await open();
    await db.insertInto('signups').values(signupRow(0)).execute();
    // PostgreSQL (migration 0671): the insert fills the partial indexes, a catch-up would rewrite the whole row.
    const atWrite = engine === 'postgres';
    expect(await pending(db, 'signups')).toBe(atWrite ? 0 : 1);
    expect((await signupQueue(db)).total).toBe(atWrite ? 1 : 0);
    expect(await catchUpConsoleIndexes(db)).toBe(atWrite ? 0 : 1);
    expect((await signupQueue(db)).total).toBe(1);
  });

  it('are partial: a written case is in them after a catch-up, in batches, and the queue then lists it', async () => {
    const db = await open();
    const signups = CATCH_UP_BATCH_ROWS + 5;
    await writeSignups(db, 0, signups);
    await writePayment(db, 1);
    await writePayment(db, 2);
    expect(await pending(db, 'signups')).toBe(signups);
    expect((await signupQueue(db)).total).toBe(0);

    expect(await catchUpConsoleIndexes(db)).toBe(signups + 2);
    expect(await pending(db, 'signups')).toBe(0);
    expect(await pending(db, 'transactions')).toBe(0);
    const queue = await signupQueue(db);
    expect(queue.total).toBe(signups);
    expect(queue.items[0]?.id).toBe(`signup-${String(signups - 1).padStart(6, '0')}`);
    const payments = await listPaymentQueue(db, {
      tenantId: TENANT,
      callerId: 'analyst',
      order: 'newest',
      limit: 10,
    });
    expect(payments.items.map((p) => p.id)).toEqual(['payment-2', 'payment-1']);
    expect(await catchUpConsoleIndexes(db)).toBe(0);

    if (engine === 'sqlite') {
      // INDEXED BY fails to prepare when the query's terms do not imply the partial index's condition.
      const queueRows = await sql<{ id: string }>`
        select id from signups indexed by signups_status_updated
        where tenant_id = ${TENANT} and console_indexed is not null and review_status = 'open'
        order by updated_at desc limit 1`.execute(db);
      expect(queueRows.rows).toHaveLength(1);
    } else {
      const indexes = await sql<{ indexname: string; indexdef: string }>`
        select indexname, indexdef from pg_indexes where schemaname = current_schema()
        and tablename in ('signups', 'transactions')`.execute(db);
      const partial = indexes.rows
        .filter((i) => /WHERE \(console_indexed IS NOT NULL\)/.test(i.indexdef))
        .map((i) => i.indexname)
        .sort();
      expect(partial).toEqual(
        [
          'signups_address_cell',
          'signups_queue',
          'signups_status_created',
          'signups_status_updated',
          'signups_tenant_created',
          'transactions_address_cell',
          'transactions_queue',
          'transactions_status_created',
          'transactions_tenant_created',
        ].sort(),
      );
    }
  });

  it('catch up with a case written after the newest indexed one was deleted', async () => {
    const db = await open();
    await writeSignups(db, 0, 3);
    await catchUpConsoleIndexes(db);
    await db.deleteFrom('signups').where('id', '=', 'signup-000002').execute();
    await writeSignups(db, 3, 1);
    expect(await catchUpConsoleIndexes(db)).toBe(1);
    expect((await signupQueue(db)).items.map((s) => s.id)).toEqual([
      'signup-000003',
      'signup-000001',
      'signup-000000',
    ]);
  });

  it("the worker's round writes in background turns of the process: requests waiting go first", async () => {
    const db = await open();
    const rows = BACKGROUND_BATCH_ROWS * 2 + 7;
    await writeSignups(db, 0, rows);
    // What each background turn found written: the writes must come after a turn, never before one.
    const indexedAtTurn: number[] = [];
    const turns: EventLoopTurns = {
      request: async () => {},
      background: async () => void indexedAtTurn.push(rows - (await pending(db, 'signups'))),
    };
    const { repeat, ticks } = manualRepeat();
    const stop = startConsoleIndexCatchUp(db, () => {}, repeat, turns);
    await ticks[0]?.();
    await stop();
    expect(await pending(db, 'signups')).toBe(0);
    // One turn before the round's first read, one before each further write.
    expect(indexedAtTurn).toEqual([0, BACKGROUND_BATCH_ROWS, BACKGROUND_BATCH_ROWS * 2]);
  });

  it("the worker's background round catches up, and logs a round that failed", async () => {
    const db = await open();
    await writeSignups(db, 0, 2);
    const { repeat, ticks } = manualRepeat();
    const logged: Record<string, unknown>[] = [];
    const stop = startConsoleIndexCatchUp(db, (line) => logged.push(line), repeat);
    await ticks[0]?.();
    expect(await pending(db, 'signups')).toBe(0);
    await stop();

    // A database without the tables (not migrated): the round logs its failure and resolves.
    const empty = await freshDatabase(engine);
    const unmigrated = connectDatabase(empty.url, empty.schema ? { schema: empty.schema } : {});
    const failing = startConsoleIndexCatchUp(unmigrated.db, (line) => logged.push(line), repeat);
    await ticks[1]?.();
    await failing();
    await unmigrated.close();
    await empty.drop();
    expect(logged).toEqual([expect.objectContaining({ level: 'warn', component: 'console-index' })]);
  });
});
