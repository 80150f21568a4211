import type { Device } from '../../contracts/console/common';
import type { Executor } from '../repositories/executor';
import type { DeviceReport } from '../../domain/device/device-report';

const flags = (entries: [string, boolean | null][]) =>
  Object.fromEntries(entries.filter((e): e is [string, boolean] => e[1] !== null));

/** The device panel: what the SDK last reported, the accounts seen on it and its other installations. */
export async function loadDeviceSnapshot(
  db: Executor,
  tenantId: string,
  installationId: string,
): Promise<Device | null> {
  const row = await db
    .selectFrom('installations')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('installation_id', '=', installationId)
    .executeTakeFirst();
  if (!row) return null;
  const device = JSON.parse(row.device) as Partial<DeviceReport>;
  // One indexed lookup per column: `installation_id = ? OR device_id = ?` scans the tenant on SQLite.
  const accountsBy = (column: 'installation_id' | 'device_id', value: string) =>
    db
      .selectFrom('installation_accounts')
      .select('account_id')
      .where('tenant_id', '=', tenantId)
      .where(column, '=', value)
      .limit(50)
      .execute();
  const accountRows = [
    ...(await accountsBy('installation_id', installationId)),
    ...(row.device_id ? await accountsBy('device_id', row.device_id) : []),
  ];
  const accounts = [...new Set(accountRows.map((a) => a.account_id))].slice(0, 50);
  const others = row.device_id
    ? await db
        .selectFrom('installations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('device_id', '=', row.device_id)
        .where('installation_id', '!=', installationId)
        .executeTakeFirstOrThrow()
    : { n: 0 };
  return {
    installation_id: row.installation_id,
    device_id: row.device_id,
    model: device.model ?? null,
    os: device.os ?? null,
    os_version: device.osVersion ?? null,
    app_version: device.appVersion ?? null,
    integrity: flags([
      ['probable_root', device.probableRoot ?? null],
      ['emulator', device.emulator ?? null],
      ['gps_spoofing', device.gpsSpoofing ?? null],
      ['from_official_store', device.fromOfficialStore ?? null],
    ]),
    location_services: flags([
      ['location_permission_enabled', device.locationPermissionEnabled ?? null],
      ['location_sensors_enabled', device.locationSensorsEnabled ?? null],
    ]),
    first_seen_at: Number(row.first_seen_at),
    last_seen_at: Number(row.last_seen_at),
    event_count: Number(row.event_count),
    accounts,
    other_installations: Number(others.n),
  };
}
