import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../connect';
import { CONSOLE_INDEX_TABLES } from '../console/console-indexed';

/**
 * PostgreSQL: a signup or payment is in the console's indexes from its insert again (`console_indexed`
 * defaults to 1), where 0612 left it out until the worker's catch-up set the column.
 *
 * On SQLite that catch-up is cheap: the row is updated in place and only the partial indexes whose
 * condition changed get an entry. On PostgreSQL it is the dearest write a signup causes: the column
 * is named by the partial indexes' conditions, so the UPDATE can never be a HOT update — it writes a
 * whole new version of the ~2.3 KB row and one entry in every one of the table's ten B-trees, and
 * leaves the old version for vacuum. Measured on a bench database: the worker's catch-up 36–40 µs of
 * the backends' CPU per signup with the rows in cache (up to 250 µs cold), ~3 KB of WAL; the five
 * B-tree entries at the insert 5–11 µs and ~0.9 KB (docs/BENCHMARKS.md, "PostgreSQL, seventh
 * capacity session"). Rows still pending when this
 * runs are caught up as before; the catch-up then finds none (one probe of `<table>_console_pending`).
 * SQLite keeps the deferral.
 */
export function consoleIndexedAtWriteMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      for (const table of CONSOLE_INDEX_TABLES)
        await sql`alter table ${sql.table(table)} alter column console_indexed set default 1`.execute(db);
    },
  };
}
