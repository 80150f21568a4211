import type { Kysely, Migration } from 'kysely';
import { json, millis } from './column-types';

/** Webhook configuration, the outbox of events and their delivery attempts. */
export const webhooksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('webhook_configs')
      .addColumn('tenant_id', 'text', (c) => c.primaryKey())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('event_types', json, (c) => c.notNull())
      .addColumn('header_prefix', 'text', (c) => c.notNull())
      .addColumn('secret_sealed', 'text', (c) => c.notNull())
      .addColumn('previous_secret_sealed', 'text')
      .addColumn('previous_secret_expires_at', millis)
      .addColumn('created_at', millis, (c) => c.notNull())
      .addColumn('updated_at', millis, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('webhook_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('signup_id', 'text')
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('risk_assessment_before', 'text')
      .addColumn('risk_assessment_after', 'text')
      .addColumn('body', json, (c) => c.notNull())
      .addColumn('triggered_at', millis, (c) => c.notNull())
      .addColumn('created_at', millis, (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', millis)
      .addColumn('delivered_at', millis)
      .execute();
    await db.schema
      .createIndex('webhook_events_signup')
      .on('webhook_events')
      .columns(['tenant_id', 'signup_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('webhook_attempts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('started_at', millis, (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('latency_ms', 'integer')
      .addColumn('next_retry_at', millis)
      .execute();
    await db.schema
      .createIndex('webhook_attempts_event')
      .on('webhook_attempts')
      .columns(['event_id', 'attempt'])
      .execute();
    await db.schema
      .createIndex('webhook_attempts_tenant')
      .on('webhook_attempts')
      .columns(['tenant_id', 'started_at'])
      .execute();
  },
};
