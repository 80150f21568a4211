import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../../lib/db/connect';
import { migrateToLatest } from '../../../lib/db/migrate';
import { TEST_ENGINES, freshDatabase, type TestDatabase } from '../engines';

/**
 * Migration 0610: the console's `signups_assigned` index holds only assigned signups (a new signup's
 * write skips it) and still serves the "assigned to this analyst" lookup.
 */
describe.each(TEST_ENGINES)('signups_assigned after migration 0610 on %s', (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  afterEach(async () => {
    await handle.close();
    await database.drop();
  });

  it('is partial on assigned signups and usable for assigned_to = ?', async () => {
    database = await freshDatabase(engine);
    handle = connectDatabase(database.url, database.schema ? { schema: database.schema } : {});
    await migrateToLatest(handle);
    const { db } = handle;
    if (engine === 'sqlite') {
      const indexes = await sql<{ name: string; partial: number }>`pragma index_list('signups')`.execute(db);
      expect(indexes.rows.find((i) => i.name === 'signups_assigned')?.partial).toBe(1);
      // INDEXED BY fails to prepare when the index cannot answer the query (a partial index whose
      // condition the query does not imply).
      const mine = await sql<{ n: number }>`
        select count(*) as n from signups indexed by signups_assigned
        where tenant_id = ${'t'} and assigned_to = ${'analyst'}`.execute(db);
      expect(Number(mine.rows[0]?.n)).toBe(0);
    } else {
      const indexes = await sql<{ indexdef: string }>`
        select indexdef from pg_indexes
        where schemaname = current_schema() and indexname = 'signups_assigned'`.execute(db);
      expect(indexes.rows[0]?.indexdef).toMatch(/WHERE \(assigned_to IS NOT NULL\)/);
    }
  });
});
