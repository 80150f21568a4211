import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../../lib/db/connect';
import { migrateToLatest } from '../../../lib/db/migrate';
import { historyColumns } from '../../../lib/db/repositories/device-history-columns';
import { sqliteDriverFor } from '../../../lib/db/sqlite-driver';
import { TEST_ENGINES, freshDatabase, type TestDatabase } from '../engines';

/**
 * Migrations 0613 and 0614: every count of the history statement (each signup and payment runs it)
 * reads its index in order; a distinct count over rows out of order opens a temporary B-tree per run.
 */
describe.runIf(TEST_ENGINES.includes('sqlite'))('the history statement on SQLite', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  afterEach(async () => {
    await handle.close();
    await database.drop();
  });

  it('counts distinct accounts and tenants without a temporary B-tree', async () => {
    database = await freshDatabase('sqlite');
    handle = connectDatabase(database.url);
    await migrateToLatest(handle);
    const { db } = handle;
    const statement = db
      .selectNoFrom(historyColumns(db, { tenantId: 't', installationId: 'i' }, 'device'))
      .compile();
    const plan = (
      sqliteDriverFor(db)
        ?.prepare(`explain query plan ${statement.sql}`)
        .all(...statement.parameters) as { detail: string }[]
    ).map((step) => step.detail);
    expect(plan.filter((detail) => detail.includes('TEMP B-TREE'))).toEqual([]);
    // The device's accounts, counted distinct from the index alone.
    expect(plan).toContain(
      'SEARCH d USING COVERING INDEX installation_accounts_device (device_id=? AND tenant_id=?)',
    );
  });
});
