import type { Kysely, Migration } from 'kysely';
import { json, millis, real } from './column-types';

/**
 * The console's work queue (issue 12): per-user saved filters, applied risk thresholds per tenant (set
 * from a backtest by an admin), and the indexes the queue's order
 * (last assessment change) and its feedback filter need.
 */
export const consoleWorkMigration: Migration = {
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

    // Address reuse: this migration created an expression index on each case's address grid key;
    // migration 0602 replaced it with stored columns (and runs before this one on a fresh database).
    // The queue's default order (last assessment change, newest first, paged by keyset) had its index
    // `signups_status_updated` created here; migration 0612 creates it as a partial index instead (and
    // runs before this one on a fresh database).
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
