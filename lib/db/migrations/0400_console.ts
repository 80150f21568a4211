import type { Kysely, Migration } from 'kysely';
import { json, millis } from './column-types';

/** Console users, the audit log, review columns on signups and transactions, and the queue indexes. */
export const consoleMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text')
      .addColumn('created_at', millis, (c) => c.notNull())
      .addColumn('disabled_at', millis)
      .addColumn('last_sign_in_at', millis)
      .execute();
    await db.schema.createIndex('users_tenant').on('users').columns(['tenant_id', 'email']).execute();

    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('actor_user_id', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('subject_type', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'text')
      .addColumn('before', json)
      .addColumn('after', json)
      .addColumn('at', millis, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('audit_log_subject')
      .on('audit_log')
      .columns(['tenant_id', 'subject_type', 'subject_id', 'at'])
      .execute();
    await db.schema.createIndex('audit_log_tenant_at').on('audit_log').columns(['tenant_id', 'at']).execute();

    for (const table of ['signups', 'transactions']) {
      await db.schema.alterTable(table).addColumn('review_outcome', 'text').execute();
      await db.schema.alterTable(table).addColumn('reviewed_at', millis).execute();
      await db.schema.alterTable(table).addColumn('reviewed_by', 'text').execute();
    }
    await db.schema.alterTable('transactions').addColumn('assigned_to', 'text').execute();

    // Queue screens filter by status (and risk) and page by (created_at, id) within a tenant.
    await db.schema
      .createIndex('signups_status_created')
      .on('signups')
      .columns(['tenant_id', 'review_status', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('signups_assigned')
      .on('signups')
      .columns(['tenant_id', 'assigned_to'])
      .execute();
    await db.schema
      .createIndex('transactions_queue')
      .on('transactions')
      .columns(['tenant_id', 'risk_assessment', 'review_status', 'created_at'])
      .execute();
    await db.schema
      .createIndex('transactions_status_created')
      .on('transactions')
      .columns(['tenant_id', 'review_status', 'created_at', 'id'])
      .execute();
  },
};
