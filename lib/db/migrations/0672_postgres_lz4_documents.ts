import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../connect';

/** The tables whose rows every signup, payment or ingestion batch writes, with JSON documents in them. */
const TABLES = ['signups', 'signup_assessments', 'transactions', 'location_fingerprints'];

/**
 * PostgreSQL: the text columns of the request path's tables compressed with lz4 instead of pglz, when
 * the server has lz4 (PostgreSQL 14+, built with it; otherwise nothing changes). A signup's row
 * (geocode, evidence, explanation: ≈ 2.3 KB) is past the 2 KB at which PostgreSQL compresses a row's
 * largest values, so every insert ran pglz over some of them, every ingestion batch over its 4 KB
 * fingerprint, and every assessment decompressed that fingerprint. Measured (docs/BENCHMARKS.md,
 * "PostgreSQL, seventh capacity session"): compressing a 2.1 KB document 18–30 µs with pglz, 6–11 µs
 * with lz4; reading a 4 KB fingerprint by its key 20.7 -> 17.5 µs of the backend's CPU. Values already
 * stored stay as they are, readable as before; new ones use lz4.
 */
export function lz4DocumentsMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      const lz4 = await sql<{ available: boolean }>`
        select 'lz4' = any(enumvals) as available from pg_settings where name = 'default_toast_compression'`.execute(
        db,
      );
      if (!lz4.rows[0]?.available) return;
      const columns = await sql<{ table_name: string; column_name: string }>`
        select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and data_type = 'text'
          and table_name in (${sql.join(TABLES)})
        order by table_name, ordinal_position`.execute(db);
      for (const c of columns.rows)
        await sql`alter table ${sql.table(c.table_name)} alter column ${sql.ref(c.column_name)} set compression lz4`.execute(
          db,
        );
    },
  };
}
