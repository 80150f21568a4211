import { sql } from 'kysely';
import { currentFingerprint, type StoredFingerprint } from '../../domain/fingerprint/fingerprint-upgrade';
import type { LocationFingerprint } from '../../domain/fingerprint/location-fingerprint';
import type { LocalDeviceGraph } from '../../domain/graph/device-graph';
import type { Executor } from './executor';
import { fromJson } from './executor';

/** One installation's stored fingerprint and device graph, as one statement reads them. */
export interface DeviceHistoryRow {
  /** Null when none was stored yet (no events, or ingested before the risk engine). */
  fingerprint: LocationFingerprint | null;
  graph: LocalDeviceGraph;
  /** Feedback rows about the installation: only when there are some is a second statement worth it. */
  feedbackCount: number;
}

/**
 * Everything an assessment reads about one installation in ONE statement of scalar subqueries, each
 * an indexed lookup (the same SQL on SQLite and PostgreSQL): on PostgreSQL every statement is a round
 * trip with its own parse and plan, and these used to be eight. "Accounts on the device" counts the
 * distinct accounts of a UNION ALL of one lookup per column: `installation_id = ? OR device_id = ?`
 * would scan the whole tenant on SQLite, and a plain UNION costs SQLite ~40 times more (measured).
 * Other tenants' data is not read here (lib/db/global-signals/ has the one cross-tenant read).
 */
export function makeDeviceHistoryRepo(db: Executor) {
  return {
    async load(tenantId: string, installationId: string, deviceId: string | null): Promise<DeviceHistoryRow> {
      // Without a device id the device's subqueries are the constant 0 (nothing shares a missing id).
      const none = sql<number>`0`;
      const accountsOf = (column: 'installation_id' | 'device_id', value: string) =>
        db
          .selectFrom('installation_accounts')
          .select('account_id')
          .where('tenant_id', '=', tenantId)
          .where(column, '=', value);
      const row = await db
        .selectNoFrom((eb) => [
          eb
            .selectFrom('location_fingerprints')
            .select('fingerprint')
            .where('tenant_id', '=', tenantId)
            .where('installation_id', '=', installationId)
            .as('fingerprint'),
          eb
            .selectFrom(
              (deviceId
                ? accountsOf('installation_id', installationId).unionAll(accountsOf('device_id', deviceId))
                : accountsOf('installation_id', installationId)
              ).as('a'),
            )
            .select((c) => c.fn.count<number>('a.account_id').distinct().as('n'))
            .as('accounts_on_device'),
          deviceId
            ? eb
                .selectFrom('installations')
                .select((c) => c.fn.countAll<number>().as('n'))
                .where('tenant_id', '=', tenantId)
                .where('device_id', '=', deviceId)
                .as('installations_on_device')
            : none.as('installations_on_device'),
          eb
            .selectFrom('feedbacks')
            .select((c) => c.fn.countAll<number>().as('n'))
            .where('tenant_id', '=', tenantId)
            .where('installation_id', '=', installationId)
            .as('feedback_count'),
        ])
        .executeTakeFirstOrThrow();
      return {
        fingerprint: row.fingerprint
          ? currentFingerprint(fromJson<StoredFingerprint>(row.fingerprint))
          : null,
        graph: {
          accountsOnDevice: Number(row.accounts_on_device ?? 0),
          installationsOnDevice: deviceId ? Math.max(1, Number(row.installations_on_device ?? 0)) : 1,
        },
        feedbackCount: Number(row.feedback_count ?? 0),
      };
    },
  };
}
export type DeviceHistoryRepo = ReturnType<typeof makeDeviceHistoryRepo>;
