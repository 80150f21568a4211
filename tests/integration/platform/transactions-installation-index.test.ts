import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../../lib/db/connect';
import { migrateToLatest } from '../../../lib/db/migrate';
import { freshDatabase, type TestDatabase } from '../engines';

/**
 * Migration 0628: SQLite's `transactions_installation` is on its key alone, also where migration 0627
 * (now a no-op) had widened it with the type and payment value.
 */
describe('transactions_installation on sqlite', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  afterEach(async () => {
    await handle.close();
    await database.drop();
  });

  const columnsOf = async () =>
    (
      await sql<{ name: string }>`select name from pragma_index_info('transactions_installation')`.execute(
        handle.db,
      )
    ).rows.map((r) => r.name);

  it('is narrowed again where 0627 widened it, and left alone elsewhere', async () => {
    database = await freshDatabase('sqlite');
    handle = connectDatabase(database.url);
    await migrateToLatest(handle);
    expect(await columnsOf()).toEqual(['tenant_id', 'installation_id', 'created_at']);
    // A database that ran 0627 before it became a no-op, and not yet 0628.
    await sql`drop index transactions_installation`.execute(handle.db);
    await sql`create index transactions_installation
      on transactions (tenant_id, installation_id, created_at, type, payment_value)`.execute(handle.db);
    await sql`delete from kysely_migration where name = '0628_sqlite_transactions_installation_narrow'`.execute(
      handle.db,
    );
    expect(await migrateToLatest(handle)).toEqual(['0628_sqlite_transactions_installation_narrow']);
    expect(await columnsOf()).toEqual(['tenant_id', 'installation_id', 'created_at']);
  });
});
