import type { Kysely, Migration } from 'kysely';
import { millis } from './column-types';

/**
 * Retention (docs/OPERATIONS.md): per-tenant event windows, the log of purge runs, and the indexes
 * purges seek by. SQLite deletes old events installation by installation (PostgreSQL drops whole
 * partitions instead).
 */
export function retentionMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tenant_retention')
        .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
        .addColumn('event_days', 'integer', (c) => c.notNull())
        .addColumn('updated_at', millis, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('retention_runs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('started_at', millis, (c) => c.notNull())
        .addColumn('finished_at', millis, (c) => c.notNull())
        .addColumn('removed', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('retention_runs_started')
        .on('retention_runs')
        .column('started_at')
        .execute();

      // SQLite's purge seeks by installation (migration 0640 drops the ts index this created before).
      await db.schema
        .createIndex('webhook_events_finished')
        .on('webhook_events')
        .columns(['status', 'created_at'])
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
      await db.schema.createIndex('erasures_completed').on('erasures').column('completed_at').execute();
    },
  };
}
