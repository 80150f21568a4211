import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../connect';
import { deviceIndexesWithTenant } from './0670_postgres_device_indexes';

/**
 * SQLite: the device indexes of `installations` and `installation_accounts` lead with the device and
 * carry the tenant, as PostgreSQL's do since 0670. Every assessment's history statement counts the
 * other tenants claiming the device, `count(distinct tenant_id) … where device_id = ?`: on `(device_id)`
 * SQLite reads the rows in rowid order and counts them distinct through a temporary B-tree, opened on
 * every signup and payment; on `(device_id, tenant_id)` it reads the tenants in order from the index
 * alone (docs/BENCHMARKS.md, "SQLite signup, ninth capacity session"). The `tenant_id = ? and
 * device_id = ?` lookups of the device's installations and accounts narrow to the tenant in the index.
 */
export function sqliteDeviceIndexesMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'sqlite') await deviceIndexesWithTenant(db);
    },
  };
}
