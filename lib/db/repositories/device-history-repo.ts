import { sql } from 'kysely';
import { FRAUD_CONFIRMING_EVENTS } from '../../domain/feedback/feedback-events';
import type { LocationFingerprint } from '../../domain/fingerprint/location-fingerprint';
import type { DeviceGraph } from '../../domain/graph/device-graph';
import type { Executor } from './executor';
import { fromJson } from './executor';

/** One installation's stored fingerprint and device graph, as one statement reads them. */
export interface DeviceHistoryRow {
  /** Null when none was stored yet (no events, or ingested before the risk engine). */
  fingerprint: LocationFingerprint | null;
  graph: DeviceGraph;
  /** Feedback rows about the installation: only when there are some is a second statement worth it. */
  feedbackCount: number;
}

/**
 * Everything an assessment reads about one installation in ONE statement of scalar subqueries, each
 * an indexed lookup (the same SQL on SQLite and PostgreSQL): on PostgreSQL every statement is a round
 * trip with its own parse and plan, and these used to be eight. "Accounts on the device" counts the
 * distinct accounts of a UNION ALL of one lookup per column: `installation_id = ? OR device_id = ?`
 * would scan the whole tenant on SQLite, and a plain UNION costs SQLite ~40 times more (measured).
 * Other tenants' data leaves as aggregate counts only: no id, no event, nothing that identifies the
 * other tenant or its users.
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
          deviceId
            ? eb
                .selectFrom('installations')
                .select((c) => c.fn.countAll<number>().as('n'))
                .where('device_id', '=', deviceId)
                .where('tenant_id', '!=', tenantId)
                .as('global_installations')
            : none.as('global_installations'),
          deviceId
            ? eb
                .selectFrom('installation_accounts')
                .select(sql<number>`count(distinct tenant_id || ':' || account_id)`.as('n'))
                .where('device_id', '=', deviceId)
                .where('tenant_id', '!=', tenantId)
                .as('global_accounts')
            : none.as('global_accounts'),
          deviceId
            ? eb
                .selectFrom('feedbacks as f')
                .innerJoin('installations as i', (j) =>
                  j
                    .onRef('i.tenant_id', '=', 'f.tenant_id')
                    .onRef('i.installation_id', '=', 'f.installation_id'),
                )
                .select((c) => c.fn.countAll<number>().as('n'))
                .where('i.device_id', '=', deviceId)
                .where('f.tenant_id', '!=', tenantId)
                .where('f.event', 'in', [...FRAUD_CONFIRMING_EVENTS])
                .as('global_fraud')
            : none.as('global_fraud'),
          eb
            .selectFrom('feedbacks')
            .select((c) => c.fn.countAll<number>().as('n'))
            .where('tenant_id', '=', tenantId)
            .where('installation_id', '=', installationId)
            .as('feedback_count'),
        ])
        .executeTakeFirstOrThrow();
      return {
        fingerprint: row.fingerprint ? fromJson<LocationFingerprint>(row.fingerprint) : null,
        graph: {
          accountsOnDevice: Number(row.accounts_on_device ?? 0),
          installationsOnDevice: deviceId ? Math.max(1, Number(row.installations_on_device ?? 0)) : 1,
          global: {
            installations: Number(row.global_installations ?? 0),
            accounts: Number(row.global_accounts ?? 0),
            confirmedFraud: Number(row.global_fraud ?? 0) > 0,
          },
        },
        feedbackCount: Number(row.feedback_count ?? 0),
      };
    },
  };
}
export type DeviceHistoryRepo = ReturnType<typeof makeDeviceHistoryRepo>;
