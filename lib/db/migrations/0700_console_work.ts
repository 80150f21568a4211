import { sql, type Kysely, type Migration } from 'kysely';
import { addressKeySql } from '../console/address-key';
import type { Engine } from '../connect';
import { json, millis, real } from './column-types';

/**
 * The console's work queue (issue 12): per-user saved filters, applied risk thresholds per tenant (set
 * from a backtest by an admin), an index on the address grid key for address reuse, and the indexes the queue's order
 * (last assessment change) and its feedback filter need.
 */
export function consoleWorkMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('console_saved_filters')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('query', json, (c) => c.notNull())
        .addColumn('created_at', millis, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('console_saved_filters_user')
        .on('console_saved_filters')
        .columns(['tenant_id', 'user_id', 'kind'])
        .execute();

      await db.schema
        .createTable('tenant_thresholds')
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('low', real, (c) => c.notNull())
        .addColumn('high', real, (c) => c.notNull())
        .addColumn('applied_at', millis, (c) => c.notNull())
        .addColumn('applied_by', 'text')
        .addPrimaryKeyConstraint('tenant_thresholds_pk', ['tenant_id', 'kind'])
        .execute();

      // Address reuse: an expression index on the grid key of each case's address (see address-key.ts).
      for (const table of ['signups', 'transactions'] as const) {
        const key = (axis: 'lat' | 'lng') => sql.raw(addressKeySql(engine, table, axis));
        await sql`create index ${sql.raw(`${table}_address_key`)} on ${sql.raw(table)} (tenant_id, ${key('lat')}, ${key('lng')})`.execute(
          db,
        );
      }
      // The queue's default order: last assessment change (updated_at), newest first, paged by keyset.
      await db.schema
        .createIndex('signups_status_updated')
        .on('signups')
        .columns(['tenant_id', 'review_status', 'updated_at', 'id'])
        .execute();
      await db.schema
        .createIndex('feedbacks_login')
        .on('feedbacks')
        .columns(['tenant_id', 'login_id'])
        .execute();
      await db.schema
        .createIndex('feedbacks_account')
        .on('feedbacks')
        .columns(['tenant_id', 'account_id'])
        .execute();
    },
  };
}
