import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../connect';
import { CONSOLE_INDEX_TABLES } from '../console/console-indexed';

/** The console's indexes of each table (none of them read by an assessment): name and columns. */
const CONSOLE_INDEXES = {
  signups: {
    signups_tenant_created: ['tenant_id', 'created_at'],
    signups_queue: ['tenant_id', 'risk_assessment', 'review_status', 'created_at'],
    signups_status_created: ['tenant_id', 'review_status', 'created_at', 'id'],
    signups_status_updated: ['tenant_id', 'review_status', 'updated_at', 'id'],
    signups_address_cell: ['tenant_id', 'address_cell_lat', 'address_cell_lng'],
  },
  transactions: {
    transactions_tenant_created: ['tenant_id', 'created_at'],
    transactions_queue: ['tenant_id', 'risk_assessment', 'review_status', 'created_at'],
    transactions_status_created: ['tenant_id', 'review_status', 'created_at', 'id'],
    transactions_address_cell: ['tenant_id', 'address_cell_lat', 'address_cell_lng'],
  },
} as const;

/**
 * The console's indexes of `signups` and `transactions` hold a row once the console has caught up with
 * it, not from its insert: each becomes partial on a new column `console_indexed` (null when a signup or
 * payment is written, 1 once indexed), and the console sets it on the rows written since it last did
 * before each of its routes runs, and the worker every 5 s (console-index-catch-up.ts). A
 * signup's write transaction skips five B-trees (6.6 of its ≈ 19 WAL frames on SQLite), a payment's
 * four. Existing rows are indexed. The console's queries carry `console_indexed is not null`, which
 * lets both engines use the partial indexes.
 *
 * SQLite finds the rows to index by rowid (they are always the newest rows: inserts append); PostgreSQL
 * has no rowid and keeps them in a small partial index of its own (`<table>_console_pending`, one
 * B-tree instead of four or five, emptied by each catch-up).
 */
export function consoleIndexesDeferredMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of CONSOLE_INDEX_TABLES) {
        await db.schema.alterTable(table).addColumn('console_indexed', 'integer').execute();
        await sql`update ${sql.table(table)} set console_indexed = 1`.execute(db);
        for (const [name, columns] of Object.entries(CONSOLE_INDEXES[table])) {
          await db.schema.dropIndex(name).ifExists().execute();
          await db.schema
            .createIndex(name)
            .on(table)
            .columns([...columns])
            .where(sql.ref('console_indexed'), 'is not', null)
            .execute();
        }
        if (engine === 'postgres') {
          await db.schema
            .createIndex(`${table}_console_pending`)
            .on(table)
            .column('id')
            .where(sql.ref('console_indexed'), 'is', null)
            .execute();
        }
      }
    },
  };
}
