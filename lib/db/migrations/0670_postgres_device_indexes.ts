import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../connect';

/**
 * PostgreSQL: the device indexes of `installations` and `installation_accounts` lead with the device
 * and carry the tenant, as `signups_device` does since 0601. Every assessment counts a device's
 * installations and accounts with `tenant_id = ? and device_id = ?`; with `(device_id)` alone and
 * no statistics yet (a fresh or freshly loaded database, before autovacuum's ANALYZE) the planner
 * ANDs the device index with the primary key's tenant prefix — a bitmap of every row of the tenant
 * on every signup and payment. `(device_id, tenant_id)` answers both conditions from one index
 * whatever the statistics, and still serves the cross-tenant `device_id = ?` of global signals.
 * SQLite's indexes follow in 0613.
 */
export function deviceTenantIndexesMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'postgres') await deviceIndexesWithTenant(db);
    },
  };
}

/** The device indexes of `installations` and `installation_accounts` made again on `(device_id, tenant_id)`. */
export async function deviceIndexesWithTenant(db: Kysely<unknown>): Promise<void> {
  for (const table of ['installations', 'installation_accounts'] as const) {
    await db.schema.dropIndex(`${table}_device`).execute();
    await db.schema.createIndex(`${table}_device`).on(table).columns(['device_id', 'tenant_id']).execute();
  }
}
