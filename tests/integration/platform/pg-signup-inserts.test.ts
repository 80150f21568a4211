import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertSignupAlone } from '../../../lib/db/repositories/pg-signup-inserts';
import type { NewSignupRow } from '../../../lib/db/repositories/signup-values';
import { TEST_ENGINES } from '../engines';
import { migratedDatabases } from '../migrated-database';

const AT = Date.UTC(2026, 0, 15, 12);

const signupRow = (i: number): NewSignupRow => ({
  id: `signup-${String(i).padStart(4, '0')}`,
  tenant_id: 'tenant-a',
  installation_id: `installation-${i % 7}`,
  device_id: i % 3 === 0 ? null : `device-${i % 5}`,
  request_id: `request-${i}`,
  declared_address: JSON.stringify({ line: `${i} Main Street` }),
  geocode: i % 2 === 0 ? JSON.stringify({ lat: 48 + i / 1000, lng: 2 }) : null,
  risk_assessment: i % 4 === 0 ? 'high_risk' : 'low_risk',
  reasons: JSON.stringify([{ code: `reason-${i}` }]),
  evidence: JSON.stringify({ n: i }),
  explanation: i % 2 === 0 ? null : JSON.stringify({ text: `why ${i}` }),
  created_at: AT + i,
  updated_at: AT + i + 1,
  reassess_until: AT + i + 172_800_000,
  address_cell_lat: i % 2 === 0 ? 4800 + i : null,
  address_cell_lng: i % 2 === 0 ? 200 : null,
});

/**
 * PostgreSQL: new signups written alone while another such INSERT is in flight go together in one
 * statement (pg-signup-inserts.ts); each caller's outcome is its own row's.
 */
describe.runIf(TEST_ENGINES.includes('postgres'))('signups written alone, together', () => {
  const open = migratedDatabases('postgres');

  it('stores every row as given; those that arrive during an INSERT share the next one', async () => {
    const db = await open();
    const rows = Array.from({ length: 40 }, (_, i) => signupRow(i));
    await Promise.all(rows.map((row) => insertSignupAlone(db, row)));

    const stored = await db.selectFrom('signups').selectAll().orderBy('id').execute();
    expect(stored).toHaveLength(rows.length);
    for (const [i, row] of rows.entries()) {
      const found = stored[i];
      expect(found).toMatchObject({
        ...row,
        notify: 1,
        review_status: 'open',
        assigned_to: null,
      });
    }
    // The first went alone; the 39 queued behind it went 16, 16 and 7 to a statement (one transaction each).
    const transactions = await sql<{
      n: string;
    }>`select count(distinct xmin::text) as n from signups`.execute(db);
    expect(Number(transactions.rows[0]?.n)).toBe(4);
  });

  it("fails only the row that fails: a batch's other rows are written", async () => {
    const db = await open();
    await insertSignupAlone(db, signupRow(5));
    const rows = Array.from({ length: 10 }, (_, i) => signupRow(i));
    // The first call goes alone; rows 1–9 share an INSERT, which row 5 (already stored) makes fail.
    const outcomes = await Promise.allSettled(rows.map((row) => insertSignupAlone(db, row)));

    expect(outcomes.map((o) => o.status)).toEqual(rows.map((_, i) => (i === 5 ? 'rejected' : 'fulfilled')));
    const ids = await db.selectFrom('signups').select('id').orderBy('id').execute();
    expect(ids.map((r) => r.id)).toEqual(rows.map((r) => r.id));
  });

  it('writes a row asked to be written unless signups are open around it only when none are, in a batch as alone', async () => {
    const db = await open();
    const at = (i: number, over: Partial<NewSignupRow>): NewSignupRow => ({ ...signupRow(i), ...over });
    // Open at AT + 100: installation-open's own signup, and one of another tenant on device-open.
    // Closed by then: device-closed's.
    await db
      .insertInto('signups')
      .values(
        [
          at(900, { installation_id: 'installation-open', device_id: null, reassess_until: AT + 1_000 }),
          at(901, {
            tenant_id: 'tenant-b',
            installation_id: 'other',
            device_id: 'device-open',
            reassess_until: AT + 1_000,
          }),
          at(902, { installation_id: 'old', device_id: 'device-closed', reassess_until: AT + 50 }),
        ].map((r) => ({ ...r, notify: 1, review_status: 'open' })),
      )
      .execute();
    const asked: [NewSignupRow, boolean][] = [
      [at(0, { installation_id: 'first', device_id: null }), false],
      [at(1, { installation_id: 'installation-open', device_id: null, created_at: AT + 100 }), true],
      [at(2, { installation_id: 'new-a', device_id: 'device-open', created_at: AT + 100 }), true],
      [at(3, { installation_id: 'new-b', device_id: null, created_at: AT + 100 }), true],
      [at(4, { installation_id: 'new-c', device_id: 'device-closed', created_at: AT + 100 }), true],
      [at(5, { installation_id: 'installation-open', device_id: null, created_at: AT + 100 }), false],
      [at(6, { installation_id: 'installation-open', device_id: null, created_at: AT + 2_000 }), true],
    ];
    // The first goes alone; the next five share one statement, and the last takes one of its own.
    const written = await Promise.all(
      asked.map(([row, unlessOpen]) => insertSignupAlone(db, row, unlessOpen)),
    );

    // Row 6 waited for the statement of row 5 (its installation's), and found row 5's signup open.
    expect(written).toEqual([true, false, false, true, true, true, false]);
    const ids = await db
      .selectFrom('signups')
      .select('id')
      .where(
        'id',
        'in',
        asked.map(([row]) => row.id),
      )
      .orderBy('id')
      .execute();
    expect(ids.map((r) => r.id)).toEqual(asked.filter((_, i) => written[i]).map(([row]) => row.id));
    const stored = await db
      .selectFrom('signups')
      .selectAll()
      .where('id', '=', signupRow(4).id)
      .executeTakeFirst();
    expect(stored).toMatchObject({
      ...at(4, { installation_id: 'new-c', device_id: 'device-closed', created_at: AT + 100 }),
      notify: 1,
      review_status: 'open',
      assigned_to: null,
    });
    const transactions = await sql<{ n: string }>`
      select count(distinct xmin::text) as n from signups where id = any(${asked.map(([row]) => row.id)})`.execute(
      db,
    );
    expect(Number(transactions.rows[0]?.n)).toBe(2);
  });

  it("writes a row alone unless signups are open around it: its installation's, or any tenant's on its device", async () => {
    const db = await open();
    const at = (i: number, over: Partial<NewSignupRow>): NewSignupRow => ({
      ...signupRow(i),
      created_at: AT + 100,
      ...over,
    });
    // Open at AT + 100: installation-open's own, and another tenant's on device-open; device-closed's is not.
    await db
      .insertInto('signups')
      .values(
        [
          at(900, {
            installation_id: 'installation-open',
            device_id: 'device-x',
            reassess_until: AT + 1_000,
          }),
          at(901, {
            tenant_id: 'tenant-b',
            installation_id: 'installation-open',
            device_id: 'device-open',
            reassess_until: AT + 1_000,
          }),
          at(902, { installation_id: 'old', device_id: 'device-closed', reassess_until: AT + 50 }),
        ].map((r) => ({ ...r, notify: 1, review_status: 'open' })),
      )
      .execute();
    const asked = [
      at(0, { installation_id: 'installation-open', device_id: null }),
      at(1, { tenant_id: 'tenant-c', installation_id: 'new-a', device_id: 'device-open' }),
      at(2, { installation_id: 'new-b', device_id: 'device-closed' }),
      at(3, { installation_id: 'new-c', device_id: null }),
      at(4, { installation_id: 'installation-open', device_id: null, created_at: AT + 2_000 }),
    ];
    // One at a time: each goes alone, with the one-row statement.
    const written: boolean[] = [];
    for (const row of asked) written.push(await insertSignupAlone(db, row, true));

    expect(written).toEqual([false, false, true, true, true]);
    const ids = await db
      .selectFrom('signups')
      .select('id')
      .where(
        'id',
        'in',
        asked.map((row) => row.id),
      )
      .orderBy('id')
      .execute();
    expect(ids.map((r) => r.id)).toEqual(asked.filter((_, i) => written[i]).map((row) => row.id));
  });

  it('writes a row that shares an installation or device with an earlier waiting one in a later statement, which sees it', async () => {
    const db = await open();
    const at = (i: number, over: Partial<NewSignupRow>): NewSignupRow => ({
      ...signupRow(i),
      created_at: AT + 100,
      ...over,
    });
    const asked: [NewSignupRow, boolean][] = [
      [at(0, { installation_id: 'first', device_id: null }), false],
      [at(1, { installation_id: 'same', device_id: 'device-1' }), true],
      [at(2, { installation_id: 'same', device_id: null }), true],
      [at(3, { installation_id: 'elsewhere', device_id: 'device-1' }), true],
      [at(4, { installation_id: 'alone', device_id: 'device-2' }), true],
    ];
    const written = await Promise.all(
      asked.map(([row, unlessOpen]) => insertSignupAlone(db, row, unlessOpen)),
    );

    // Rows 2 and 3 waited for row 1's statement and found its signup open around them.
    expect(written).toEqual([true, true, false, false, true]);
    const statements = await sql<{ xmin: string; ids: string[] }>`
      select xmin::text as xmin, array_agg(id order by id) as ids from signups group by xmin::text order by min(id)`.execute(
      db,
    );
    expect(statements.rows.map((r) => r.ids)).toEqual([
      [signupRow(0).id],
      [signupRow(1).id, signupRow(4).id],
    ]);
  });
});
