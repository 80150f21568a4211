import { sql, type Expression } from 'kysely';
import type { LocationFingerprint } from '../../domain/fingerprint/location-fingerprint';
import type { LocalDeviceGraph } from '../../domain/graph/device-graph';
import type { Money } from '../../domain/payment/payment-evidence';
import { otherTenantCountOf, otherTenantSubqueries } from '../global-signals/global-device-repo';
import type { DeclaredOnDevice } from './declared-on-device';
import { onPostgres, type Executor } from './executor';
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
 * an indexed lookup: on PostgreSQL every statement is a round trip with its own parse and plan, and
 * these used to be eight. "Accounts on the device" is the engine's own (`accountsOnDevice`). The count of other tenants claiming the device comes along (its subqueries are global-signals'
 * own, lib/db/global-signals/, the one cross-tenant read). A null device id matches nothing, so the
 * device's counts are 0. The statements built on these columns are in device-history-repo.ts (both
 * engines) and pg-device-history.ts (PostgreSQL's folds).
 */
export const historyColumns = (db: Executor, a: InstallationKey, deviceId: DeviceOperand) =>
  [
    db
      .selectFrom('location_fingerprints')
      .select('fingerprint')
      .where('tenant_id', '=', a.tenantId)
      .where('installation_id', '=', a.installationId)
      .as('fingerprint'),
    accountsOnDevice(db, a, deviceId).as('accounts_on_device'),
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

/**
 * The distinct accounts linked to the installation or to its device (a link's device is the one it was
 * made on, so the installation's links need not all be the device's). `installation_id = ? OR
 * device_id = ?` would scan the whole tenant on SQLite, and a plain UNION costs SQLite ~40 times more
 * (measured). PostgreSQL counts the distinct accounts of a UNION ALL of one lookup per column, in memory.
 * SQLite counted that UNION ALL through a temporary B-tree opened on every signup and payment; there it
 * is the device's distinct accounts, read in order from `(device_id, tenant_id, account_id)` (0614),
 * plus the installation's links whose account is not among them (one index probe each; a link is one
 * account, the primary key says so): the same number, ≈ 8–18 µs less a signup in the harness's process
 * (docs/BENCHMARKS.md, "SQLite signup, tenth capacity session"). A null device matches nothing.
 */
function accountsOnDevice(db: Executor, a: InstallationKey, deviceId: DeviceOperand) {
  if (onPostgres(db)) {
    const accountsOf = (column: 'installation_id' | 'device_id', value: DeviceOperand) =>
      db
        .selectFrom('installation_accounts')
        .select('account_id')
        .where('tenant_id', '=', a.tenantId)
        .where(column, '=', value);
    return db
      .selectFrom(
        accountsOf('installation_id', a.installationId).unionAll(accountsOf('device_id', deviceId)).as('a'),
      )
      .select((c) => c.fn.count<number>('a.account_id').distinct().as('n'));
  }
  return db
    .selectFrom('installation_accounts as k')
    .select((eb) =>
      eb(
        eb
          .selectFrom('installation_accounts as d')
          .select((c) => c.fn.count<number>('d.account_id').distinct().as('n'))
          .where('d.device_id', '=', deviceId)
          .where('d.tenant_id', '=', a.tenantId),
        '+',
        eb.fn.countAll<number>(),
      ).as('n'),
    )
    .where('k.tenant_id', '=', a.tenantId)
    .where('k.installation_id', '=', a.installationId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('installation_accounts as d')
            .select(sql.lit(1).as('one'))
            .where('d.device_id', '=', deviceId)
            .where('d.tenant_id', '=', a.tenantId)
            .whereRef('d.account_id', '=', 'k.account_id'),
        ),
      ),
    );
}

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
