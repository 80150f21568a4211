import type { InstallationSummary } from '../../contracts/console/entities';
import type { DeviceReport } from '../../domain/device/device-report';
import type { Executor } from '../repositories/executor';

const flags = (entries: [string, boolean | null | undefined][]) =>
  Object.fromEntries(entries.filter((e): e is [string, boolean] => typeof e[1] === 'boolean'));

/** Integrity flags as the SDK reports them (lib/domain/device/device-report.ts), by their wire names. */
export function integrityFlags(device: Partial<DeviceReport>): Record<string, boolean> {
  return flags([
    ['probable_root', device.probableRoot],
    ['emulator', device.emulator],
    ['gps_spoofing', device.gpsSpoofing],
    ['from_official_store', device.fromOfficialStore],
  ]);
}

/**
 * What the SDK last reported for each installation, with both time spans: when the server received
 * reports (first/last seen) and when the device recorded its location events (which can be days
 * earlier, e.g. a batch uploaded after a week offline).
 */
export async function installationSummaries(
  db: Executor,
  tenantId: string,
  installationIds: string[],
): Promise<InstallationSummary[]> {
  if (installationIds.length === 0) return [];
  const [rows, spans] = await Promise.all([
    db
      .selectFrom('installations')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('installation_id', 'in', installationIds)
      .execute(),
    db
      .selectFrom('location_events')
      .select((eb) => [
        'installation_id',
        eb.fn.min('ts').as('first'),
        eb.fn.max('ts').as('last'),
        eb.fn.countAll<number>().as('n'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('installation_id', 'in', installationIds)
      .groupBy('installation_id')
      .execute(),
  ]);
  return rows.map((row) => {
    const device = JSON.parse(row.device) as Partial<DeviceReport>;
    const span = spans.find((s) => s.installation_id === row.installation_id);
    return {
      installation_id: row.installation_id,
      device_id: row.device_id,
      model: device.model ?? null,
      platform: [device.os, device.osVersion].filter(Boolean).join(' ') || null,
      app_version: device.appVersion ?? null,
      integrity: integrityFlags(device),
      location_services: flags([
        ['location_permission_enabled', device.locationPermissionEnabled],
        ['location_sensors_enabled', device.locationSensorsEnabled],
      ]),
      first_seen_at: Number(row.first_seen_at),
      last_seen_at: Number(row.last_seen_at),
      first_event_at: span?.first == null ? null : Number(span.first),
      last_event_at: span?.last == null ? null : Number(span.last),
      event_count: span ? Number(span.n) : 0,
    };
  });
}
