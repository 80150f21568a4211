import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../connect';
import { json, millis, real } from './column-types';

/** Tenants, credentials, devices and their location events, signups, transactions, feedback, jobs. */
export function platformMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tenants')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', millis, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('credentials')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('client_id', 'text', (c) => c.notNull().unique())
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('scopes', json, (c) => c.notNull())
        .addColumn('label', 'text')
        .addColumn('created_at', millis, (c) => c.notNull())
        .addColumn('revoked_at', millis)
        .execute();

      await db.schema
        .createTable('app_keys')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('created_at', millis, (c) => c.notNull())
        .addColumn('revoked_at', millis)
        .execute();

      await db.schema
        .createTable('installations')
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('installation_id', 'text', (c) => c.notNull())
        .addColumn('device_id', 'text')
        .addColumn('device', json, (c) => c.notNull())
        .addColumn('first_seen_at', millis, (c) => c.notNull())
        .addColumn('last_seen_at', millis, (c) => c.notNull())
        .addColumn('event_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_event_at', millis)
        .addPrimaryKeyConstraint('installations_pk', ['tenant_id', 'installation_id'])
        .execute();
      await db.schema
        .createIndex('installations_device')
        .on('installations')
        .columns(['device_id'])
        .execute();

      await createLocationEvents(db, engine);

      await db.schema
        .createTable('installation_accounts')
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('installation_id', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('device_id', 'text')
        .addColumn('first_seen_at', millis, (c) => c.notNull())
        .addColumn('last_seen_at', millis, (c) => c.notNull())
        .addPrimaryKeyConstraint('installation_accounts_pk', ['tenant_id', 'installation_id', 'account_id'])
        .execute();
      await db.schema
        .createIndex('installation_accounts_account')
        .on('installation_accounts')
        .columns(['tenant_id', 'account_id'])
        .execute();
      await db.schema
        .createIndex('installation_accounts_device')
        .on('installation_accounts')
        .columns(['device_id'])
        .execute();

      await db.schema
        .createTable('signups')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('installation_id', 'text', (c) => c.notNull())
        .addColumn('device_id', 'text')
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('declared_address', json, (c) => c.notNull())
        .addColumn('geocode', json)
        .addColumn('risk_assessment', 'text', (c) => c.notNull())
        .addColumn('reasons', json, (c) => c.notNull())
        .addColumn('evidence', json, (c) => c.notNull())
        .addColumn('created_at', millis, (c) => c.notNull())
        .addColumn('updated_at', millis, (c) => c.notNull())
        .addColumn('reassess_until', millis, (c) => c.notNull())
        .addColumn('notify', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('review_status', 'text', (c) => c.notNull().defaultTo('open'))
        .addColumn('assigned_to', 'text')
        .execute();
      await db.schema
        .createIndex('signups_installation')
        .on('signups')
        .columns(['tenant_id', 'installation_id', 'reassess_until'])
        .execute();
      await db.schema
        .createIndex('signups_tenant_created')
        .on('signups')
        .columns(['tenant_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('signups_queue')
        .on('signups')
        .columns(['tenant_id', 'risk_assessment', 'review_status', 'created_at'])
        .execute();
      await db.schema.createIndex('signups_device').on('signups').columns(['device_id']).execute();

      await db.schema
        .createTable('signup_assessments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('signup_id', 'text', (c) => c.notNull())
        .addColumn('risk_assessment', 'text', (c) => c.notNull())
        .addColumn('reasons', json, (c) => c.notNull())
        .addColumn('evidence', json, (c) => c.notNull())
        .addColumn('trigger', 'text', (c) => c.notNull())
        .addColumn('assessed_at', millis, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('signup_assessments_signup')
        .on('signup_assessments')
        .columns(['signup_id', 'assessed_at'])
        .execute();

      await db.schema
        .createTable('transactions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('installation_id', 'text', (c) => c.notNull())
        .addColumn('device_id', 'text')
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('external_id', 'text')
        .addColumn('addresses', json, (c) => c.notNull())
        .addColumn('payment_value', json)
        .addColumn('payment_methods', json, (c) => c.notNull())
        .addColumn('store_id', 'text')
        .addColumn('location', json)
        .addColumn('evaluated', 'integer', (c) => c.notNull())
        .addColumn('risk_assessment', 'text')
        .addColumn('reasons', json)
        .addColumn('evidence', json)
        .addColumn('created_at', millis, (c) => c.notNull())
        .addColumn('review_status', 'text', (c) => c.notNull().defaultTo('open'))
        .execute();
      await db.schema
        .createIndex('transactions_installation')
        .on('transactions')
        .columns(['tenant_id', 'installation_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('transactions_account')
        .on('transactions')
        .columns(['tenant_id', 'account_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('transactions_tenant_created')
        .on('transactions')
        .columns(['tenant_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('feedbacks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('occurred_at', millis, (c) => c.notNull())
        .addColumn('expires_at', millis)
        .addColumn('external_id', 'text')
        .addColumn('signup_id', 'text')
        .addColumn('payment_id', 'text')
        .addColumn('login_id', 'text')
        .addColumn('account_id', 'text')
        .addColumn('installation_id', 'text')
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('author', 'text')
        .addColumn('comment', 'text')
        .addColumn('created_at', millis, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('feedbacks_installation')
        .on('feedbacks')
        .columns(['tenant_id', 'installation_id'])
        .execute();
      await db.schema
        .createIndex('feedbacks_signup')
        .on('feedbacks')
        .columns(['tenant_id', 'signup_id'])
        .execute();
      await db.schema
        .createIndex('feedbacks_payment')
        .on('feedbacks')
        .columns(['tenant_id', 'payment_id'])
        .execute();

      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('tenant_id', 'text')
        .addColumn('payload', json, (c) => c.notNull())
        .addColumn('run_at', millis, (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('lease_until', millis)
        .addColumn('lease_token', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('created_at', millis, (c) => c.notNull())
        .addColumn('updated_at', millis, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

/** On PostgreSQL location events are range-partitioned by time (monthly partitions, plus a default). */
async function createLocationEvents(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    await sql`create table location_events (
      id bigserial not null,
      tenant_id text not null,
      installation_id text not null,
      ts bigint not null,
      lat double precision not null,
      lng double precision not null,
      accuracy_m double precision,
      source text not null,
      mock integer not null,
      received_at bigint not null
    ) partition by range (ts)`.execute(db);
    await sql`create table location_events_default partition of location_events default`.execute(db);
  } else {
    await db.schema
      .createTable('location_events')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('installation_id', 'text', (c) => c.notNull())
      .addColumn('ts', millis, (c) => c.notNull())
      .addColumn('lat', real, (c) => c.notNull())
      .addColumn('lng', real, (c) => c.notNull())
      .addColumn('accuracy_m', real)
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('mock', 'integer', (c) => c.notNull())
      .addColumn('received_at', millis, (c) => c.notNull())
      .execute();
  }
  await db.schema
    .createIndex('location_events_installation')
    .on('location_events')
    .columns(['tenant_id', 'installation_id', 'ts'])
    .execute();
}
