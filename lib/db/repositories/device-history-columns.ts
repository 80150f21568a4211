import type { Expression } from 'kysely';
import type { LocationFingerprint } from '../../domain/fingerprint/location-fingerprint';
import type { LocalDeviceGraph } from '../../domain/graph/device-graph';
import type { Money } from '../../domain/payment/payment-evidence';
import { otherTenantCountOf, otherTenantSubqueries } from '../global-signals/global-device-repo';
import type { DeclaredOnDevice } from './declared-on-device';
import type { Executor } from './executor';
import { parsedFingerprint } from './parsed-fingerprints';

/** One installation's stored fingerprint and device graph, as one statement reads them. */
export interface DeviceHistoryRow {
  /** Null when none was stored yet (no events, or ingested before the risk engine). */
  fingerprint: LocationFingerprint | null;
  graph: LocalDeviceGraph;
  /** Feedback rows about the installation: only when there are some is a second statement worth it. */
  feedbackCount: number;
  /** Other participating tenants claiming the device (0 when this tenant opted out): global signals are read past 1. */
  otherTenantCount: number;
}

/** What a signup's assessment reads: the history and the addresses declared on the installation or its device. */
export interface SignupHistoryRow extends DeviceHistoryRow {
  declaredOnDevice: DeclaredOnDevice[];
}

/** What is stored about the paying account: on this device, on its other installations, and the device's payments. */
export interface StoredAccountHistory {
  /** The account's earliest sighting on this installation or its device; null when new to them. */
  firstSeenOnDeviceAt: number | null;
  otherFingerprints: LocationFingerprint[];
  /** The installation's payments summed per currency. */
  transactionSums: Money[];
}

/** What a payment's assessment reads: the history and the paying account's. */
export interface PaymentHistoryRow extends DeviceHistoryRow {
  account: StoredAccountHistory;
}

export interface InstallationKey {
  tenantId: string;
  installationId: string;
}

/** The device id: an argument, or the column of the installation row the statement reads. */
export type DeviceOperand = string | Expression<string>;

export interface DeviceHistoryArgs extends InstallationKey {
  /** Null matches nothing: an installation without a device id shares nothing with others. */
  deviceId: string | null;
}

/**
 * Everything an assessment reads about one installation in ONE statement of scalar subqueries, each
 * an indexed lookup (the same SQL on SQLite and PostgreSQL): on PostgreSQL every statement is a round
 * trip with its own parse and plan, and these used to be eight. "Accounts on the device" counts the
 * distinct accounts of a UNION ALL of one lookup per column: `installation_id = ? OR device_id = ?`
 * would scan the whole tenant on SQLite, and a plain UNION costs SQLite ~40 times more (measured).
 * The count of other tenants claiming the device comes along (its subqueries are global-signals'
 * own, lib/db/global-signals/, the one cross-tenant read). A null device id matches nothing, so the
 * device's counts are 0. The statements built on these columns are in device-history-repo.ts (both
 * engines) and pg-device-history.ts (PostgreSQL's folds).
 */
export const historyColumns = (db: Executor, a: InstallationKey, deviceId: DeviceOperand) => {
  const accountsOf = (column: 'installation_id' | 'device_id', value: DeviceOperand) =>
    db
      .selectFrom('installation_accounts')
      .select('account_id')
      .where('tenant_id', '=', a.tenantId)
      .where(column, '=', value);
  return [
    db
      .selectFrom('location_fingerprints')
      .select('fingerprint')
      .where('tenant_id', '=', a.tenantId)
      .where('installation_id', '=', a.installationId)
      .as('fingerprint'),
    db
      .selectFrom(
        accountsOf('installation_id', a.installationId).unionAll(accountsOf('device_id', deviceId)).as('a'),
      )
      .select((c) => c.fn.count<number>('a.account_id').distinct().as('n'))
      .as('accounts_on_device'),
    db
      .selectFrom('installations')
      .select((c) => c.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', a.tenantId)
      .where('device_id', '=', deviceId)
      .as('installations_on_device'),
    db
      .selectFrom('feedbacks')
      .select((c) => c.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', a.tenantId)
      .where('installation_id', '=', a.installationId)
      .as('feedback_count'),
    ...otherTenantSubqueries(db, { tenantId: a.tenantId, deviceId }),
  ] as const;
};

/** The columns of `historyColumns` as a row holds them. */
export type HistoryColumns = Partial<
  Record<
    'fingerprint' | 'accounts_on_device' | 'installations_on_device' | 'feedback_count',
    string | number | null
  >
> & { opted_out?: unknown; other_tenants?: unknown };

export function toHistoryRow(args: DeviceHistoryArgs, row: HistoryColumns | undefined): DeviceHistoryRow {
  const fingerprint = row?.fingerprint;
  return {
    fingerprint:
      typeof fingerprint === 'string'
        ? parsedFingerprint(args.tenantId, args.installationId, fingerprint)
        : null,
    graph: {
      accountsOnDevice: Number(row?.accounts_on_device ?? 0),
      installationsOnDevice: args.deviceId ? Math.max(1, Number(row?.installations_on_device ?? 0)) : 1,
    },
    feedbackCount: Number(row?.feedback_count ?? 0),
    otherTenantCount: args.deviceId ? otherTenantCountOf(row) : 0,
  };
}

/**
 * A signup's history row: the fields written out, not `{ ...history, declaredOnDevice }` — a spread copy
 * that then gains a field is promoted by V8, and every signup made one (docs/BENCHMARKS.md, "Soak").
 */
export function toSignupHistoryRow(
  args: DeviceHistoryArgs,
  row: HistoryColumns | undefined,
  declaredOnDevice: DeclaredOnDevice[],
): SignupHistoryRow {
  const { fingerprint, graph, feedbackCount, otherTenantCount } = toHistoryRow(args, row);
  return { fingerprint, graph, feedbackCount, otherTenantCount, declaredOnDevice };
}

/** The paying account's columns of a payment's statements, as a row holds them. */
export type AccountColumns = {
  first_seen?: unknown;
  other_fingerprints?: string[] | null;
  payment_values?: (string | null)[] | null;
};

/** The account's first sighting on the device, from a statement's `first_seen` column. */
export function firstSeenOf(row: AccountColumns | undefined): number | null {
  const firstSeen = row?.first_seen;
  return firstSeen === null || firstSeen === undefined ? null : Number(firstSeen);
}
