import { CompiledQuery } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../../lib/db/connect';
import { migrateToLatest } from '../../../lib/db/migrate';
import { paymentValuesQuery } from '../../../lib/db/repositories/transaction-repo';
import { freshDatabase, type TestDatabase } from '../engines';

/**
 * Migration 0627: on SQLite a payment's history reads the installation's payment values from the
 * `transactions_installation` index alone, without a search of the table per earlier transaction.
 */
describe('payment values on sqlite', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  afterEach(async () => {
    await handle.close();
    await database.drop();
  });

  it('are read from the covering transactions_installation index', async () => {
    database = await freshDatabase('sqlite');
    handle = connectDatabase(database.url);
    await migrateToLatest(handle);
    const query = paymentValuesQuery(handle.db, { tenantId: 't', installationId: 'i' }).compile();
    const plan = await handle.db.executeQuery(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]) as CompiledQuery<{
        detail: string;
      }>,
    );
    expect(plan.rows.map((r) => r.detail)).toEqual([
      expect.stringContaining('USING COVERING INDEX transactions_installation'),
    ]);
  });
});
