import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../../lib/db/connect';
import { migrateToLatest } from '../../../lib/db/migrate';
import { allMigrations } from '../../../lib/db/migrations/index';
import { TEST_ENGINES, freshDatabase, type TestDatabase } from '../engines';

/**
 * Migration 0800 on a database written by the old code, which stored unidentified payments under the
 * literal installation "unknown": those rows move to no installation, their account links and feedback
 * go with them, and a tenant whose SDK really reported an installation named "unknown" keeps its rows.
 */
describe.each(TEST_ENGINES)('migration 0800 (no placeholder installation) on %s', (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  afterEach(async () => {
    await handle.close();
    await database.drop();
  });

  it('moves the placeholder rows away and keeps a real installation named "unknown"', async () => {
    database = await freshDatabase(engine);
    handle = connectDatabase(database.url, database.schema ? { schema: database.schema } : {});
    const migrator = new Migrator({
      db: handle.db,
      provider: { getMigrations: async () => allMigrations(engine) },
      allowUnorderedMigrations: true,
      ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
    });
    const before = await migrator.migrateTo('0400_console');
    expect(before.error).toBeUndefined();

    const { db } = handle;
    await db
      .insertInto('installations')
      .values({
        tenant_id: 'real',
        installation_id: 'unknown',
        device_id: null,
        device: '{}',
        first_seen_at: 1,
        last_seen_at: 1,
        event_count: 0,
        last_event_at: null,
      })
      .execute();
    for (const tenant of ['pooled', 'real']) {
      for (const account of ['a1', 'a2']) {
        await db
          .insertInto('transactions')
          .values({
            id: `${tenant}-${account}`,
            tenant_id: tenant,
            installation_id: 'unknown',
            device_id: null,
            account_id: account,
            type: 'payment',
            external_id: null,
            addresses: '[]',
            payment_value: null,
            payment_methods: '[]',
            store_id: null,
            location: null,
            evaluated: 1,
            risk_assessment: 'unknown_risk',
            reasons: '[]',
            evidence: '{}',
            created_at: 1,
            review_status: 'open',
          })
          .execute();
        await db
          .insertInto('installation_accounts')
          .values({
            tenant_id: tenant,
            installation_id: 'unknown',
            account_id: account,
            device_id: null,
            first_seen_at: 1,
            last_seen_at: 1,
          })
          .execute();
      }
      await db
        .insertInto('feedbacks')
        .values({
          id: `fb-${tenant}`,
          tenant_id: tenant,
          event: 'chargeback',
          occurred_at: 1,
          expires_at: null,
          external_id: null,
          signup_id: null,
          payment_id: `${tenant}-a1`,
          login_id: null,
          account_id: null,
          installation_id: 'unknown',
          origin: 'api',
          author: null,
          comment: null,
          created_at: 1,
        })
        .execute();
    }

    await migrateToLatest(handle);

    const transactions = await db
      .selectFrom('transactions')
      .select(['id', 'installation_id'])
      .orderBy('id')
      .execute();
    expect(transactions).toEqual([
      { id: 'pooled-a1', installation_id: null },
      { id: 'pooled-a2', installation_id: null },
      { id: 'real-a1', installation_id: 'unknown' },
      { id: 'real-a2', installation_id: 'unknown' },
    ]);
    const links = await db.selectFrom('installation_accounts').select(['tenant_id', 'account_id']).execute();
    expect(links.map((l) => l.tenant_id)).toEqual(['real', 'real']);
    const feedbacks = await db
      .selectFrom('feedbacks')
      .select(['id', 'installation_id'])
      .orderBy('id')
      .execute();
    expect(feedbacks).toEqual([
      { id: 'fb-pooled', installation_id: null },
      { id: 'fb-real', installation_id: 'unknown' },
    ]);
    // The rebuilt table keeps its indexes (the console queue and the payment sums read through them).
    if (engine === 'sqlite') {
      const indexes = await sql<{ name: string }>`
        select name from sqlite_master where type = 'index' and tbl_name = 'transactions' and sql is not null`.execute(
        db,
      );
      expect(indexes.rows.map((i) => i.name)).toEqual(
        expect.arrayContaining(['transactions_installation', 'transactions_account', 'transactions_queue']),
      );
    }
  });
});
