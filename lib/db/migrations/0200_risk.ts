import type { Kysely, Migration } from 'kysely';
import { json, millis, real } from './column-types';

/** Risk engine: one fingerprint row per installation, per-area chargeback counters, the store registry. */
export const riskMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('location_fingerprints')
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('installation_id', 'text', (c) => c.notNull())
      .addColumn('fingerprint', json, (c) => c.notNull())
      .addColumn('updated_at', millis, (c) => c.notNull())
      .addPrimaryKeyConstraint('location_fingerprints_pk', ['tenant_id', 'installation_id'])
      .execute();

    await db.schema
      .createTable('area_chargebacks')
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('resolution', 'integer', (c) => c.notNull())
      .addColumn('cell', 'text', (c) => c.notNull())
      .addColumn('payments', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('chargebacks', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('area_chargebacks_pk', ['tenant_id', 'resolution', 'cell'])
      .execute();

    await db.schema
      .createTable('stores')
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('store_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('lat', real, (c) => c.notNull())
      .addColumn('lng', real, (c) => c.notNull())
      .addColumn('created_at', millis, (c) => c.notNull())
      .addColumn('updated_at', millis, (c) => c.notNull())
      .addPrimaryKeyConstraint('stores_pk', ['tenant_id', 'store_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('stores').execute();
    await db.schema.dropTable('area_chargebacks').execute();
    await db.schema.dropTable('location_fingerprints').execute();
  },
};
