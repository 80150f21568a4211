import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../../lib/db/connect';
import { migrateToLatest } from '../../../lib/db/migrate';
import { TEST_ENGINES, freshDatabase, type TestDatabase } from '../engines';

/**
 * Migration 0672: on a PostgreSQL that has lz4, the documents a signup, payment or ingestion batch
 * writes are compressed with it (pglz took the backend's CPU on every insert of a signup past 2 KB).
 */
describe.runIf(TEST_ENGINES.includes('postgres'))('documents compressed after migration 0672', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  afterEach(async () => {
    await handle.close();
    await database.drop();
  });

  it('a large document of a new row uses lz4 when the server offers it, and reads back whole', async () => {
    database = await freshDatabase('postgres');
    handle = connectDatabase(database.url, { schema: database.schema });
    await migrateToLatest(handle);
    const { db } = handle;
    const offered = await sql<{ lz4: boolean }>`
      select 'lz4' = any(enumvals) as lz4 from pg_settings where name = 'default_toast_compression'`.execute(
      db,
    );
    // A fingerprint-like document: long, and repetitive enough to compress.
    const fingerprint = JSON.stringify({
      cells: Array.from({ length: 200 }, (_, i) => ({ cell: `8a2a1072b59ffff-${i}`, weight: i % 7 })),
    });
    await db
      .insertInto('location_fingerprints')
      .values({
        tenant_id: 't',
        installation_id: 'i',
        fingerprint,
        updated_at: 1,
        revision: null,
      })
      .execute();
    const stored = await sql<{ method: string | null; fingerprint: string }>`
      select pg_column_compression(fingerprint) as method, fingerprint from location_fingerprints`.execute(
      db,
    );
    expect(stored.rows[0]?.method).toBe(offered.rows[0]?.lz4 ? 'lz4' : 'pglz');
    expect(stored.rows[0]?.fingerprint).toBe(fingerprint);

    const settings = await sql<{ relname: string; attname: string; method: string }>`
      select c.relname, a.attname, a.attcompression::text as method from pg_attribute a
      join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and (c.relname, a.attname) in
        (('signups', 'evidence'), ('signups', 'geocode'), ('signup_assessments', 'evidence'),
         ('transactions', 'evidence'), ('location_fingerprints', 'fingerprint'))`.execute(db);
    expect(settings.rows).toHaveLength(5);
    // 'l' is lz4; '' is the server's default (pglz unless configured otherwise).
    for (const column of settings.rows) expect(column.method).toBe(offered.rows[0]?.lz4 ? 'l' : '');
  });
});
