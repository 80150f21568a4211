import type { Kysely, Migration } from 'kysely';

/**
 * `signups (device_id)` alone let SQLite prefer the console's `(tenant_id, assigned_to)` index for
 * `tenant_id = ? and device_id = ?` — a scan of every signup of the tenant on every assessment (≈ 0.4 ms
 * at 1,000 signups, growing with the tenant). `(device_id, tenant_id)` serves that lookup exactly and
 * still leads with the device for the cross-tenant "open signups on this device" of reassessment.
 */
export const signupsDeviceIndexMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('signups_device').execute();
    await db.schema.createIndex('signups_device').on('signups').columns(['device_id', 'tenant_id']).execute();
  },
};
