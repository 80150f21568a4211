import { afterEach } from 'vitest';
import { connectDatabase, type DatabaseHandle, type Engine } from '../../lib/db/connect';
import { migrateToLatest } from '../../lib/db/migrate';
import type { Executor } from '../../lib/db/repositories/executor';
import { freshDatabase, type TestDatabase } from './engines';

/**
 * For a suite whose tests each want their own empty, migrated database: call it in the `describe`, and
 * `open()` in a test; everything opened is closed and dropped after that test.
 */
export function migratedDatabases(engine: Engine): () => Promise<Executor> {
  let opened: { database: TestDatabase; handle: DatabaseHandle }[] = [];
  afterEach(async () => {
    for (const { database, handle } of opened) {
      await handle.close();
      await database.drop();
    }
    opened = [];
  });
  return async () => {
    const database = await freshDatabase(engine);
    const handle = connectDatabase(database.url, database.schema ? { schema: database.schema } : {});
    opened.push({ database, handle });
    await migrateToLatest(handle);
    return handle.db;
  };
}
