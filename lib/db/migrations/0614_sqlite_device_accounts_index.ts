import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../connect';

/**
 * SQLite: the device index of `installation_accounts` carries the account after the device and the
 * tenant, `(device_id, tenant_id, account_id)`. Every assessment counts the distinct accounts of the
 * installation and its device (device-history-columns.ts): with the account in the index SQLite reads a
 * device's accounts in order, from the index alone, and counts them distinct without the temporary
 * B-tree it opened on every signup and payment (≈ 8–18 µs in the harness's process, docs/BENCHMARKS.md
 * "SQLite signup, tenth capacity session"). PostgreSQL keeps `(device_id, tenant_id)` (0670) and its
 * count over a UNION ALL, which it aggregates in memory.
 */
export function sqliteDeviceAccountsIndexMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'sqlite') return;
      await db.schema.dropIndex('installation_accounts_device').execute();
      await db.schema
        .createIndex('installation_accounts_device')
        .on('installation_accounts')
        .columns(['device_id', 'tenant_id', 'account_id'])
        .execute();
    },
  };
}
