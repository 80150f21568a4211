import { sql } from 'kysely';
import type { DeviceReport } from '../../domain/device/device-report';
import type { LocationEvent, LocationSource } from '../../domain/location';
import type { Executor } from './executor';
import { fromJson, toJson } from './executor';

export interface InstallationRecord {
  tenantId: string;
  installationId: string;
  deviceId: string | null;
  device: DeviceReport;
  eventCount: number;
  lastEventAt: number | null;
}

export interface InstallationReport {
  tenantId: string;
  installationId: string;
  deviceId: string | null;
  device: DeviceReport | null;
  newEvents: readonly LocationEvent[];
  at: number;
}

/** Rows per INSERT: 9 columns × 500 stays below SQLite's and PostgreSQL's parameter limits. */
const INSERT_CHUNK = 500;

export function makeInstallationRepo(db: Executor) {
  return {
    async find(tenantId: string, installationId: string): Promise<InstallationRecord | null> {
      const row = await db
        .selectFrom('installations')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('installation_id', '=', installationId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        tenantId: row.tenant_id,
        installationId: row.installation_id,
        deviceId: row.device_id,
        device: fromJson<DeviceReport>(row.device),
        eventCount: row.event_count,
        lastEventAt: row.last_event_at,
      };
    },

    /**
     * Records what the SDK said about the installation and counts its new events, in one statement.
     * Returns whether the row is new (its first_seen_at is this report's: a same-millisecond twin
     * counts as new too, which only ever schedules one reassessment more).
     */
    async upsert(r: InstallationReport): Promise<{ created: boolean }> {
      const lastEventAt = r.newEvents.reduce<number | null>(
        (m, e) => (m === null || e.ts > m ? e.ts : m),
        null,
      );
      const device = r.device ?? emptyDevice();
      const row = await db
        .insertInto('installations')
        .values({
          tenant_id: r.tenantId,
          installation_id: r.installationId,
          device_id: r.deviceId,
          device: toJson(device),
          first_seen_at: r.at,
          last_seen_at: r.at,
          event_count: r.newEvents.length,
          last_event_at: lastEventAt,
        })
        .onConflict((oc) =>
          oc.columns(['tenant_id', 'installation_id']).doUpdateSet((eb) => ({
            device_id: sql<string | null>`coalesce(${eb.ref('excluded.device_id')}, installations.device_id)`,
            device: r.device ? eb.ref('excluded.device') : eb.ref('installations.device'),
            last_seen_at: eb.ref('excluded.last_seen_at'),
            event_count: sql<number>`installations.event_count + ${r.newEvents.length}`,
            last_event_at:
              lastEventAt === null
                ? eb.ref('installations.last_event_at')
                : sql<number>`case when installations.last_event_at is null or installations.last_event_at < ${lastEventAt} then ${lastEventAt} else installations.last_event_at end`,
          })),
        )
        .returning('first_seen_at')
        .executeTakeFirstOrThrow();
      return { created: Number(row.first_seen_at) === r.at };
    },

    async insertEvents(
      tenantId: string,
      installationId: string,
      events: readonly LocationEvent[],
      at: number,
    ) {
      for (let i = 0; i < events.length; i += INSERT_CHUNK) {
        const rows = events.slice(i, i + INSERT_CHUNK).map((e) => ({
          tenant_id: tenantId,
          installation_id: installationId,
          ts: e.ts,
          lat: e.lat,
          lng: e.lng,
          accuracy_m: e.accuracyM,
          source: e.source,
          mock: e.mock ? 1 : 0,
          received_at: at,
        }));
        await db.insertInto('location_events').values(rows).execute();
      }
    },

    /** The most recent `limit` events, returned oldest first. */
    async recentEvents(tenantId: string, installationId: string, limit: number): Promise<LocationEvent[]> {
      const rows = await db
        .selectFrom('location_events')
        .select(['ts', 'lat', 'lng', 'accuracy_m', 'source', 'mock'])
        .where('tenant_id', '=', tenantId)
        .where('installation_id', '=', installationId)
        .orderBy('ts', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse().map((r) => ({
        ts: r.ts,
        lat: r.lat,
        lng: r.lng,
        accuracyM: r.accuracy_m,
        source: r.source as LocationSource,
        mock: r.mock === 1,
      }));
    },

    /** Links the account to the installation; true when the link is new (see `upsert` on same-millisecond twins). */
    async linkAccount(
      tenantId: string,
      installationId: string,
      accountId: string,
      deviceId: string | null,
      at: number,
    ): Promise<boolean> {
      const row = await db
        .insertInto('installation_accounts')
        .values({
          tenant_id: tenantId,
          installation_id: installationId,
          account_id: accountId,
          device_id: deviceId,
          first_seen_at: at,
          last_seen_at: at,
        })
        .onConflict((oc) =>
          oc.columns(['tenant_id', 'installation_id', 'account_id']).doUpdateSet({ last_seen_at: at }),
        )
        .returning('first_seen_at')
        .executeTakeFirstOrThrow();
      return Number(row.first_seen_at) === at;
    },

    /** When the account was first seen on this installation or any installation of the same device. */
    async accountFirstSeenOnDevice(
      tenantId: string,
      installationId: string,
      deviceId: string | null,
      accountId: string,
    ) {
      let q = db
        .selectFrom('installation_accounts')
        .select((eb) => eb.fn.min('first_seen_at').as('first'))
        .where('tenant_id', '=', tenantId)
        .where('account_id', '=', accountId);
      q = deviceId
        ? q.where((eb) => eb.or([eb('installation_id', '=', installationId), eb('device_id', '=', deviceId)]))
        : q.where('installation_id', '=', installationId);
      const row = await q.executeTakeFirst();
      return row?.first ?? null;
    },
  };
}
export type InstallationRepo = ReturnType<typeof makeInstallationRepo>;

function emptyDevice(): DeviceReport {
  return {
    model: null,
    os: null,
    osVersion: null,
    appVersion: null,
    locationPermissionEnabled: null,
    locationSensorsEnabled: null,
    probableRoot: null,
    emulator: null,
    gpsSpoofing: null,
    fromOfficialStore: null,
  };
}
