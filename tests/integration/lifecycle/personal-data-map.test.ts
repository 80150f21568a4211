// Every table and column the migrations create is classified for erasure (lib/db/subject/personal-data-map.ts):
// a migration that adds a table, or a column to a table whose rows erasure keeps, fails here until
// someone decides what erasure does with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../../lib/db/connect';
import { migrateToLatest } from '../../../lib/db/migrate';
import {
  DELETED_TABLES,
  SCRUBBED_TABLES,
  TABLES_WITHOUT_END_USER_DATA,
} from '../../../lib/db/subject/personal-data-map';
import { freshDatabase, TEST_ENGINES, type TestDatabase } from '../engines';
import { catalogTables, type CatalogTable } from './catalog-scan';

describe.each(TEST_ENGINES)('personal data map on %s', (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let tables: CatalogTable[];
  beforeAll(async () => {
    database = await freshDatabase(engine);
    handle = connectDatabase(database.url, database.schema ? { schema: database.schema } : {});
    await migrateToLatest(handle);
    tables = await catalogTables(handle);
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  it('classifies every table of the catalog', () => {
    const classified = new Set<string>([
      ...Object.keys(DELETED_TABLES),
      ...Object.keys(SCRUBBED_TABLES),
      ...Object.keys(TABLES_WITHOUT_END_USER_DATA),
    ]);
    expect(tables.length).toBeGreaterThan(20);
    expect(tables.map((t) => t.name).filter((name) => !classified.has(name))).toEqual([]);
  });

  it('classifies every column of the tables whose rows erasure keeps, each once', () => {
    for (const [name, rule] of Object.entries(SCRUBBED_TABLES)) {
      const columns = tables.find((t) => t.name === name)?.columns ?? [];
      const scrubbed = Object.keys(rule.scrub);
      const kept: readonly string[] = rule.keep;
      expect(
        scrubbed.filter((c) => kept.includes(c)),
        name,
      ).toEqual([]);
      expect(
        columns.filter((c) => !scrubbed.includes(c) && !kept.includes(c)),
        name,
      ).toEqual([]);
      expect(
        [...scrubbed, ...kept].filter((c) => !columns.includes(c)),
        name,
      ).toEqual([]);
    }
  });
});
