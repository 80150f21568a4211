import { sql, type Expression } from 'kysely';
import type { LocationFingerprint } from '../../domain/fingerprint/location-fingerprint';
import type { LocalDeviceGraph } from '../../domain/graph/device-graph';
import { otherTenantCountOf, otherTenantSubqueries } from '../global-signals/global-device-repo';
import { compileStatement } from './compiled-statement';
import {
  declaredOnDeviceOf,
  declaredOnDeviceSubquery,
  readDeclaredOnDevice,
  type DeclaredOnDevice,
} from './declared-on-device';
import type { Executor } from './executor';
import { onPostgres } from './executor';
import type { Money } from '../../domain/payment/payment-evidence';
import {
  makeFingerprintRepo,
  otherFingerprintOf,
  otherInstallationFingerprintsQuery,
} from './fingerprint-repo';
import {
  accountFirstSeenQuery,
  makeInstallationRepo,
  toInstallationRecord,
  type InstallationRecord,
} from './installation-repo';
import { parsedFingerprint } from './parsed-fingerprints';
import { makeTransactionRepo, paymentValuesQuery, sumPaymentValues } from './transaction-repo';

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

interface InstallationKey {
  tenantId: string;
  installationId: string;
}

/** The device id: an argument, or the column of the installation row the statement reads. */
type DeviceOperand = string | Expression<string>;

interface DeviceHistoryArgs extends InstallationKey {
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
 * own, lib/db/global-signals/, the one cross-tenant read); a signup's assessment also takes the
 * addresses declared on the device (`loadSignupHistory`).
 * Compiled once (compiled-statement.ts); a null device id matches nothing, so the device's counts are 0.
 */
const historyColumns = (db: Executor, a: InstallationKey, deviceId: DeviceOperand) => {
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

interface PaymentHistoryArgs extends InstallationKey {
  accountId: string;
  /** How many of the account's other installations lend their fingerprints. */
  otherInstallations: number;
}

// A slot stands for the argument; `as string` because a null device id is passed as one too.
const loadDeviceHistory = compileStatement((db, a: DeviceHistoryArgs) =>
  db.selectNoFrom(historyColumns(db, a, a.deviceId as string)),
);

/** PostgreSQL: the history and the declared addresses (SQLite reads those on their own: declared-on-device.ts). */
const loadSignupHistory = compileStatement((db, a: DeviceHistoryArgs) =>
  db.selectNoFrom([
    ...historyColumns(db, a, a.deviceId as string),
    declaredOnDeviceSubquery(db, a, a.deviceId as string),
  ]),
);

/**
 * The installation row with its signup history, the device id taken from the row itself: a signup
 * knows only the installation id, and reading the row first was a round trip of its own on PostgreSQL.
 * No row when the installation is unknown. (`named`: the subqueries have an `i` of their own.) The
 * declared addresses ride along on PostgreSQL only, as in `loadSignupHistory`.
 */
const findSignupHistory = compileStatement((db, a: InstallationKey) => {
  const deviceId = sql.ref<string>('named.device_id');
  return db
    .selectFrom('installations as named')
    .selectAll('named')
    .select([
      ...historyColumns(db, a, deviceId),
      ...(onPostgres(db) ? [declaredOnDeviceSubquery(db, a, deviceId)] : []),
    ])
    .where('named.tenant_id', '=', a.tenantId)
    .where('named.installation_id', '=', a.installationId);
});

/**
 * PostgreSQL: the paying account's columns beside the history — its first sighting on the device, its
 * other installations' fingerprints, the installation's payment values — with installation-repo's,
 * fingerprint-repo's and transaction-repo's own queries, their rows gathered into arrays: a payment
 * reads its installation, its history and its account in one statement, where they took five round
 * trips. SQLite runs them on their own.
 */
const accountColumns = (db: Executor, a: PaymentHistoryArgs, deviceId: DeviceOperand) => {
  const { tenantId, installationId, accountId } = a;
  const others = otherInstallationFingerprintsQuery(db, {
    tenantId,
    accountId,
    exceptInstallationId: installationId,
    limit: a.otherInstallations,
  }).as('f');
  const payments = paymentValuesQuery(db, { tenantId, installationId }).as('p');
  return [
    accountFirstSeenQuery(db, { tenantId, installationId, accountId, deviceId }).as('first_seen'),
    db
      .selectFrom(others)
      .select(sql<string[] | null>`array_agg(f.fingerprint)`.as('a'))
      .as('other_fingerprints'),
    db
      .selectFrom(payments)
      .select(sql<string[] | null>`array_agg(p.payment_value)`.as('a'))
      .as('payment_values'),
  ] as const;
};

/** PostgreSQL: a payment's history when the caller has the installation row (`accountColumns`). */
const loadPaymentHistory = compileStatement((db, a: PaymentHistoryArgs & DeviceHistoryArgs) =>
  db.selectNoFrom([
    ...historyColumns(db, a, a.deviceId as string),
    ...accountColumns(db, a, a.deviceId as string),
  ]),
);

/** PostgreSQL: the installation row with its payment history, the device id taken from the row (`findSignupHistory`). */
const findPaymentHistory = compileStatement((db, a: PaymentHistoryArgs) => {
  const deviceId = sql.ref<string>('named.device_id');
  return db
    .selectFrom('installations as named')
    .selectAll('named')
    .select([...historyColumns(db, a, deviceId), ...accountColumns(db, a, deviceId)])
    .where('named.tenant_id', '=', a.tenantId)
    .where('named.installation_id', '=', a.installationId);
});

/**
 * SQLite: the installation row with its payment history and the account's first sighting on the device,
 * the device id taken from the row (as `findSignupHistory`): one statement where the row, the history
 * and the sighting were three. The account's other fingerprints and the installation's payment values
 * are rows, read by statements of their own (`loadForPayment`).
 */
const findPaymentHistoryOnSqlite = compileStatement((db, a: InstallationKey & { accountId: string }) => {
  const deviceId = sql.ref<string>('named.device_id');
  return db
    .selectFrom('installations as named')
    .selectAll('named')
    .select([
      ...historyColumns(db, a, deviceId),
      accountFirstSeenQuery(db, {
        tenantId: a.tenantId,
        installationId: a.installationId,
        accountId: a.accountId,
        deviceId,
      }).as('first_seen'),
    ])
    .where('named.tenant_id', '=', a.tenantId)
    .where('named.installation_id', '=', a.installationId);
});

type HistoryColumns = Partial<
  Record<
    'fingerprint' | 'accounts_on_device' | 'installations_on_device' | 'feedback_count',
    string | number | null
  >
> & { opted_out?: unknown; other_tenants?: unknown };

function toHistoryRow(args: DeviceHistoryArgs, row: HistoryColumns | undefined): DeviceHistoryRow {
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
function toSignupHistoryRow(
  args: DeviceHistoryArgs,
  row: HistoryColumns | undefined,
  declaredOnDevice: DeclaredOnDevice[],
): SignupHistoryRow {
  const { fingerprint, graph, feedbackCount, otherTenantCount } = toHistoryRow(args, row);
  return { fingerprint, graph, feedbackCount, otherTenantCount, declaredOnDevice };
}

type AccountColumns = {
  first_seen?: unknown;
  other_fingerprints?: string[] | null;
  payment_values?: (string | null)[] | null;
};

/** The account's first sighting on the device, from a statement's `first_seen` column. */
function firstSeenOf(row: AccountColumns | undefined): number | null {
  const firstSeen = row?.first_seen;
  return firstSeen === null || firstSeen === undefined ? null : Number(firstSeen);
}

/** A payment's history row from the PostgreSQL statements' columns. */
function toPaymentHistoryRow(
  args: DeviceHistoryArgs,
  row: (HistoryColumns & AccountColumns) | undefined,
): PaymentHistoryRow {
  const { fingerprint, graph, feedbackCount, otherTenantCount } = toHistoryRow(args, row);
  const account = {
    firstSeenOnDeviceAt: firstSeenOf(row),
    otherFingerprints: (row?.other_fingerprints ?? []).map(otherFingerprintOf),
    transactionSums: sumPaymentValues(row?.payment_values ?? []),
  };
  return { fingerprint, graph, feedbackCount, otherTenantCount, account };
}

export function makeDeviceHistoryRepo(db: Executor) {
  /** A payment's history: the device's and the paying account's (one statement on PostgreSQL). */
  async function loadForPayment(
    tenantId: string,
    installationId: string,
    deviceId: string | null,
    accountId: string,
    otherInstallations: number,
  ): Promise<PaymentHistoryRow> {
    const args = { tenantId, installationId, deviceId };
    if (!onPostgres(db)) {
      const [row, firstSeenOnDeviceAt, otherFingerprints, transactionSums] = await Promise.all([
        loadDeviceHistory.first(db, args),
        makeInstallationRepo(db).accountFirstSeenOnDevice(tenantId, installationId, deviceId, accountId),
        makeFingerprintRepo(db).ofOtherInstallationsOfAccount(
          tenantId,
          accountId,
          installationId,
          otherInstallations,
        ),
        makeTransactionRepo(db).paymentSums(tenantId, installationId),
      ]);
      const { fingerprint, graph, feedbackCount, otherTenantCount } = toHistoryRow(args, row);
      const account = { firstSeenOnDeviceAt, otherFingerprints, transactionSums };
      return { fingerprint, graph, feedbackCount, otherTenantCount, account };
    }
    const row = await loadPaymentHistory.first(db, {
      tenantId: args.tenantId,
      installationId: args.installationId,
      deviceId: args.deviceId,
      accountId,
      otherInstallations,
    });
    return toPaymentHistoryRow(args, row);
  }

  return {
    async load(tenantId: string, installationId: string, deviceId: string | null): Promise<DeviceHistoryRow> {
      const args = { tenantId, installationId, deviceId };
      return toHistoryRow(args, await loadDeviceHistory.first(db, args));
    },

    loadForPayment,

    /**
     * The installation and its payment history (`loadForPayment`): one statement on PostgreSQL, three on
     * SQLite (`findPaymentHistoryOnSqlite`, then the two row reads side by side); null when it is unknown.
     */
    async findForPayment(
      tenantId: string,
      installationId: string,
      accountId: string,
      otherInstallations: number,
    ): Promise<{ installation: InstallationRecord; history: PaymentHistoryRow } | null> {
      if (!onPostgres(db)) {
        const row = await findPaymentHistoryOnSqlite.first(db, { tenantId, installationId, accountId });
        if (!row) return null;
        const installation = toInstallationRecord(row);
        const args = { tenantId, installationId, deviceId: installation.deviceId };
        const [otherFingerprints, transactionSums] = await Promise.all([
          makeFingerprintRepo(db).ofOtherInstallationsOfAccount(
            tenantId,
            accountId,
            installationId,
            otherInstallations,
          ),
          makeTransactionRepo(db).paymentSums(tenantId, installationId),
        ]);
        const { fingerprint, graph, feedbackCount, otherTenantCount } = toHistoryRow(args, row);
        const account = { firstSeenOnDeviceAt: firstSeenOf(row), otherFingerprints, transactionSums };
        return { installation, history: { fingerprint, graph, feedbackCount, otherTenantCount, account } };
      }
      const row = await findPaymentHistory.first(db, {
        tenantId,
        installationId,
        accountId,
        otherInstallations,
      });
      if (!row) return null;
      const installation = toInstallationRecord(row);
      const args = { tenantId, installationId, deviceId: installation.deviceId };
      return { installation, history: toPaymentHistoryRow(args, row) };
    },

    /** The installation and its signup history (`loadForSignup`) in one statement; null when it is unknown. */
    async findForSignup(
      tenantId: string,
      installationId: string,
    ): Promise<{ installation: InstallationRecord; history: SignupHistoryRow } | null> {
      const row = await findSignupHistory.first(db, { tenantId, installationId });
      if (!row) return null;
      const installation = toInstallationRecord(row);
      const args = { tenantId, installationId, deviceId: installation.deviceId };
      const declaredOnDevice = onPostgres(db)
        ? declaredOnDeviceOf((row as { declared_on_device?: unknown }).declared_on_device)
        : await readDeclaredOnDevice(db, args);
      return { installation, history: toSignupHistoryRow(args, row, declaredOnDevice) };
    },

    /** The history and, in the same statement, the addresses declared on the installation or its device. */
    async loadForSignup(
      tenantId: string,
      installationId: string,
      deviceId: string | null,
    ): Promise<SignupHistoryRow> {
      const args = { tenantId, installationId, deviceId };
      if (!onPostgres(db)) {
        const row = await loadDeviceHistory.first(db, args);
        return toSignupHistoryRow(args, row, await readDeclaredOnDevice(db, args));
      }
      const row = await loadSignupHistory.first(db, args);
      return toSignupHistoryRow(args, row, declaredOnDeviceOf(row?.declared_on_device));
    },
  };
}
export type DeviceHistoryRepo = ReturnType<typeof makeDeviceHistoryRepo>;
