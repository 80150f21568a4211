import { sql, type Expression, type Selectable } from 'kysely';
import type { DeviceReport } from '../../domain/device/device-report';
import type { LocationEvent, LocationSource } from '../../domain/location';
import { compiledFamily, compileStatement } from './compiled-statement';
import type { Executor } from './executor';
import type { InstallationsTable } from '../schema';
import { fromJson, toJson } from './executor';
import { sqliteDriverFor } from '../sqlite-driver';
import { EVENT_COLUMNS, eventRowChunks, type EventArgument } from './event-rows';
import { insertEventsOnDriver } from './sqlite-event-insert';

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

interface InstallationKey {
  tenantId: string;
  installationId: string;
}

/** An installations row as the repositories hand it out. */
export function toInstallationRecord(row: Selectable<InstallationsTable>): InstallationRecord {
  return {
    tenantId: row.tenant_id,
    installationId: row.installation_id,
    deviceId: row.device_id,
    device: fromJson<DeviceReport>(row.device),
    eventCount: Number(row.event_count),
    lastEventAt: row.last_event_at === null ? null : Number(row.last_event_at),
  };
}

const findInstallation = compileStatement((db, a: InstallationKey) =>
  db
    .selectFrom('installations')
    .selectAll()
    .where('tenant_id', '=', a.tenantId)
    .where('installation_id', '=', a.installationId),
);

interface UpsertArgs extends InstallationKey {
  deviceId: string | null;
  device: string;
  at: number;
  events: number;
  lastEventAt: number | null;
}

/** With a device report the row takes it; without, it keeps the one it has (a new row gets an empty one). */
const upsertInstallation = compiledFamily(
  (reported: boolean) => (db, a: UpsertArgs) =>
    db
      .insertInto('installations')
      .values({
        tenant_id: a.tenantId,
        installation_id: a.installationId,
        device_id: a.deviceId,
        device: a.device,
        first_seen_at: a.at,
        last_seen_at: a.at,
        event_count: a.events,
        last_event_at: a.lastEventAt,
      })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'installation_id']).doUpdateSet((eb) => ({
          device_id: sql<string | null>`coalesce(${eb.ref('excluded.device_id')}, installations.device_id)`,
          device: reported ? eb.ref('excluded.device') : eb.ref('installations.device'),
          last_seen_at: eb.ref('excluded.last_seen_at'),
          event_count: sql<number>`installations.event_count + excluded.event_count`,
          // A null (no events) compares as unknown, so the stored value stays.
          last_event_at: sql<
            number | null
          >`case when installations.last_event_at is null or installations.last_event_at < excluded.last_event_at then excluded.last_event_at else installations.last_event_at end`,
        })),
      )
      .returning('first_seen_at'),
);

const insertEventRows = compiledFamily(
  (rows: number) => (db, a: EventArgument[]) =>
    db.insertInto('location_events').values(
      Array.from({ length: rows }, (_, i) => {
        const at = (column: number) => a[i * EVENT_COLUMNS.length + column] as never;
        // In EVENT_COLUMNS order.
        return {
          tenant_id: at(0),
          installation_id: at(1),
          ts: at(2),
          lat: at(3),
          lng: at(4),
          accuracy_m: at(5),
          source: at(6),
          mock: at(7),
          received_at: at(8),
        };
      }),
    ),
);

interface LinkArgs extends InstallationKey {
  accountId: string;
  deviceId: string | null;
  at: number;
}

const linkAccountRow = compileStatement((db, a: LinkArgs) =>
  db
    .insertInto('installation_accounts')
    .values({
      tenant_id: a.tenantId,
      installation_id: a.installationId,
      account_id: a.accountId,
      device_id: a.deviceId,
      first_seen_at: a.at,
      last_seen_at: a.at,
    })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'installation_id', 'account_id'])
        .doUpdateSet((eb) => ({ last_seen_at: eb.ref('excluded.last_seen_at') })),
    )
    .returning('first_seen_at'),
);

/**
 * The earliest sighting of the account on this installation or on any installation of its device:
 * one indexed lookup per column (an OR across them would scan the tenant on SQLite); a null device
 * id matches nothing.
 */
export function accountFirstSeenQuery(
  db: Executor,
  a: InstallationKey & { accountId: string; deviceId: string | null | Expression<string> },
) {
  const by = (column: 'installation_id' | 'device_id', value: string | null | Expression<string>) =>
    db
      .selectFrom('installation_accounts')
      .select('first_seen_at')
      .where('tenant_id', '=', a.tenantId)
      .where('account_id', '=', a.accountId)
      .where(column, '=', value as string);
  return db
    .selectFrom(by('installation_id', a.installationId).unionAll(by('device_id', a.deviceId)).as('seen'))
    .select((eb) => eb.fn.min('seen.first_seen_at').as('first'));
}
const accountFirstSeen = compileStatement(accountFirstSeenQuery);

export function makeInstallationRepo(db: Executor) {
  return {
    async find(tenantId: string, installationId: string): Promise<InstallationRecord | null> {
      const row = await findInstallation.first(db, { tenantId, installationId });
      return row ? toInstallationRecord(row) : null;
    },

    /**
     * Records what the SDK said about the installation and counts its new events, in one statement.
     * Returns whether the row is new (its first_seen_at is this report's: a same-millisecond twin
     * counts as new too, which only ever schedules one reassessment more).
     */
    async upsert(r: InstallationReport): Promise<{ created: boolean }> {
      let lastEventAt: number | null = null;
      for (const e of r.newEvents) if (lastEventAt === null || e.ts > lastEventAt) lastEventAt = e.ts;
      const row = await upsertInstallation(r.device !== null).first(db, {
        tenantId: r.tenantId,
        installationId: r.installationId,
        deviceId: r.deviceId,
        device: toJson(r.device ?? emptyDevice()),
        at: r.at,
        events: r.newEvents.length,
        lastEventAt,
      });
      return { created: Number(row?.first_seen_at) === r.at };
    },

    /**
     * Stores the events in as few statements as event-rows.ts's chunks allow; on SQLite, on the driver
     * directly whenever sqliteDriverFor says a statement there is what Kysely would run (sqlite-event-insert.ts).
     */
    async insertEvents(
      tenantId: string,
      installationId: string,
      events: readonly LocationEvent[],
      at: number,
    ) {
      const sqlite = sqliteDriverFor(db);
      if (sqlite) return insertEventsOnDriver(sqlite, tenantId, installationId, events, at);
      for (const { rows, args } of eventRowChunks(tenantId, installationId, events, at))
        await insertEventRows(rows).execute(db, args);
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
      const row = await linkAccountRow.first(db, { tenantId, installationId, accountId, deviceId, at });
      return Number(row?.first_seen_at) === at;
    },

    /** When the account was first seen on this installation or any installation of the same device. */
    async accountFirstSeenOnDevice(
      tenantId: string,
      installationId: string,
      deviceId: string | null,
      accountId: string,
    ): Promise<number | null> {
      const row = await accountFirstSeen.first(db, { tenantId, installationId, deviceId, accountId });
      return row?.first === null || row?.first === undefined ? null : Number(row.first);
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
