import type { LocationFingerprint } from '../../domain/fingerprint/location-fingerprint';
import type { LocalDeviceGraph } from '../../domain/graph/device-graph';
import { compileStatement } from './compiled-statement';
import type { Executor } from './executor';
import { parsedFingerprint } from './parsed-fingerprints';

/** One installation's stored fingerprint and device graph, as one statement reads them. */
export interface DeviceHistoryRow {
  /** Null when none was stored yet (no events, or ingested before the risk engine). */
  fingerprint: LocationFingerprint | null;
  graph: LocalDeviceGraph;
  /** Feedback rows about the installation: only when there are some is a second statement worth it. */
  feedbackCount: number;
}

interface DeviceHistoryArgs {
  tenantId: string;
  installationId: string;
  /** Null matches nothing: an installation without a device id shares nothing with others. */
  deviceId: string | null;
}

/**
 * Everything an assessment reads about one installation in ONE statement of scalar subqueries, each
 * an indexed lookup (the same SQL on SQLite and PostgreSQL): on PostgreSQL every statement is a round
 * trip with its own parse and plan, and these used to be eight. "Accounts on the device" counts the
 * distinct accounts of a UNION ALL of one lookup per column: `installation_id = ? OR device_id = ?`
 * would scan the whole tenant on SQLite, and a plain UNION costs SQLite ~40 times more (measured).
 * Other tenants' data is not read here (lib/db/global-signals/ has the one cross-tenant read).
 * Compiled once (compiled-statement.ts); a null device id matches nothing, so the device's counts are 0.
 */
const loadDeviceHistory = compileStatement((db, a: DeviceHistoryArgs) => {
  const deviceId = a.deviceId as string;
  const accountsOf = (column: 'installation_id' | 'device_id', value: string) =>
    db
      .selectFrom('installation_accounts')
      .select('account_id')
      .where('tenant_id', '=', a.tenantId)
      .where(column, '=', value);
  return db.selectNoFrom((eb) => [
    eb
      .selectFrom('location_fingerprints')
      .select('fingerprint')
      .where('tenant_id', '=', a.tenantId)
      .where('installation_id', '=', a.installationId)
      .as('fingerprint'),
    eb
      .selectFrom(
        accountsOf('installation_id', a.installationId).unionAll(accountsOf('device_id', deviceId)).as('a'),
      )
      .select((c) => c.fn.count<number>('a.account_id').distinct().as('n'))
      .as('accounts_on_device'),
    eb
      .selectFrom('installations')
      .select((c) => c.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', a.tenantId)
      .where('device_id', '=', deviceId)
      .as('installations_on_device'),
    eb
      .selectFrom('feedbacks')
      .select((c) => c.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', a.tenantId)
      .where('installation_id', '=', a.installationId)
      .as('feedback_count'),
  ]);
});

export function makeDeviceHistoryRepo(db: Executor) {
  return {
    async load(tenantId: string, installationId: string, deviceId: string | null): Promise<DeviceHistoryRow> {
      const row = await loadDeviceHistory.first(db, { tenantId, installationId, deviceId });
      return {
        fingerprint: row?.fingerprint ? parsedFingerprint(tenantId, installationId, row.fingerprint) : null,
        graph: {
          accountsOnDevice: Number(row?.accounts_on_device ?? 0),
          installationsOnDevice: deviceId ? Math.max(1, Number(row?.installations_on_device ?? 0)) : 1,
        },
        feedbackCount: Number(row?.feedback_count ?? 0),
      };
    },
  };
}
export type DeviceHistoryRepo = ReturnType<typeof makeDeviceHistoryRepo>;
