import { sql } from 'kysely';
import { compileStatement } from './compiled-statement';
import { declaredOnDeviceOf, declaredOnDeviceSubquery } from './declared-on-device';
import {
  firstSeenOf,
  historyColumns,
  toHistoryRow,
  toSignupHistoryRow,
  type DeviceHistoryArgs,
  type AccountColumns,
  type DeviceOperand,
  type HistoryColumns,
  type InstallationKey,
  type PaymentHistoryRow,
  type SignupHistoryRow,
} from './device-history-columns';
import type { Executor } from './executor';
import { otherFingerprintOf, otherInstallationFingerprintsQuery } from './fingerprint-repo';
import type { ChargebackRates } from '../../domain/payment/assess-payment';
import type { LatLng } from '../../domain/location';
import {
  ratesFromSums,
  ringCellColumns,
  ringSumsOnPostgres,
  type RingCellColumns,
  type RingSumRow,
} from './area-stats-repo';
import { accountFirstSeenQuery, toInstallationRecord, type InstallationRecord } from './installation-repo';
import { paymentValuesQuery, sumPaymentValues } from './transaction-repo';

/**
 * PostgreSQL: what an assessment reads folded into one statement each, where SQLite (no round trips to
 * save) runs the parts on their own (device-history-repo.ts): a signup's history with the addresses
 * declared on the installation or its device, a payment's with the paying account's, and either with
 * the installation row itself, the device id taken from the row (a signup and a payment know only the
 * installation id, and reading the row first was a round trip of its own).
 */

interface PaymentHistoryArgs extends InstallationKey {
  accountId: string;
  /** How many of the account's other installations lend their fingerprints. */
  otherInstallations: number;
}

/** The device id as the installation row read by the same statement holds it (`named`: the subqueries have an `i` of their own). */
const rowDeviceId = () => sql.ref<string>('named.device_id');

// A slot stands for the argument; `as string` because a null device id is passed as one too.
const signupHistory = compileStatement((db, a: DeviceHistoryArgs) =>
  db.selectNoFrom([
    ...historyColumns(db, a, a.deviceId as string),
    declaredOnDeviceSubquery(db, a, a.deviceId as string),
  ]),
);

const signupHistoryWithRow = compileStatement((db, a: InstallationKey) =>
  db
    .selectFrom('installations as named')
    .selectAll('named')
    .select([...historyColumns(db, a, rowDeviceId()), declaredOnDeviceSubquery(db, a, rowDeviceId())])
    .where('named.tenant_id', '=', a.tenantId)
    .where('named.installation_id', '=', a.installationId),
);

/**
 * The paying account's columns beside the history — its first sighting on the device, its other
 * installations' fingerprints, the installation's payment values — with installation-repo's,
 * fingerprint-repo's and transaction-repo's own queries, their rows gathered into arrays: a payment
 * reads its installation, its history and its account in one statement, where they took five round
 * trips.
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

const paymentHistory = compileStatement((db, a: PaymentHistoryArgs & DeviceHistoryArgs) =>
  db.selectNoFrom([
    ...historyColumns(db, a, a.deviceId as string),
    ...accountColumns(db, a, a.deviceId as string),
  ]),
);

/**
 * With the chargeback rings' sums around the payment's addresses (`ringSumsOnPostgres`, gathered by
 * `json_agg`): the addresses are geocoded before the history is read, and their rates were a round
 * trip of their own.
 */
const paymentHistoryWithRow = compileStatement((db, a: PaymentHistoryArgs & RingCellColumns) => {
  // A raw query is a derived table only in parentheses.
  const sums = sql<RingSumRow>`(${ringSumsOnPostgres(a.tenantId, a)})`.as('r');
  return db
    .selectFrom('installations as named')
    .selectAll('named')
    .select([
      ...historyColumns(db, a, rowDeviceId()),
      ...accountColumns(db, a, rowDeviceId()),
      db
        .selectFrom(sums)
        .select(sql<RingSumRow[] | null>`json_agg(r)`.as('j'))
        .as('ring_sums'),
    ])
    .where('named.tenant_id', '=', a.tenantId)
    .where('named.installation_id', '=', a.installationId);
});

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

/** A signup's history and the addresses declared on the installation or its device. */
export async function readSignupHistory(db: Executor, args: DeviceHistoryArgs): Promise<SignupHistoryRow> {
  const row = await signupHistory.first(db, args);
  return toSignupHistoryRow(args, row, declaredOnDeviceOf(row?.declared_on_device));
}

/** The installation row with its signup history (`readSignupHistory`); null when the installation is unknown. */
export async function findSignupHistory(
  db: Executor,
  key: InstallationKey,
): Promise<{ installation: InstallationRecord; history: SignupHistoryRow } | null> {
  const row = await signupHistoryWithRow.first(db, key);
  if (!row) return null;
  const installation = toInstallationRecord(row);
  const args = {
    tenantId: key.tenantId,
    installationId: key.installationId,
    deviceId: installation.deviceId,
  };
  return {
    installation,
    history: toSignupHistoryRow(args, row, declaredOnDeviceOf(row.declared_on_device)),
  };
}

/** A payment's history and the paying account's. */
export async function readPaymentHistory(
  db: Executor,
  args: PaymentHistoryArgs & DeviceHistoryArgs,
): Promise<PaymentHistoryRow> {
  return toPaymentHistoryRow(args, await paymentHistory.first(db, args));
}

/** What a payment reads before it is judged, on either engine. */
export interface PaymentHistoryFound {
  installation: InstallationRecord;
  history: PaymentHistoryRow;
  rates: ChargebackRates[];
}

/**
 * The installation row with its payment history (`readPaymentHistory`) and the chargeback rates around
 * `ratePoints`, in their order; null when the installation is unknown.
 */
export async function findPaymentHistory(
  db: Executor,
  args: PaymentHistoryArgs,
  ratePoints: readonly LatLng[],
): Promise<PaymentHistoryFound | null> {
  const row = await paymentHistoryWithRow.first(db, { ...args, ...ringCellColumns(ratePoints) });
  if (!row) return null;
  const installation = toInstallationRecord(row);
  const key = {
    tenantId: args.tenantId,
    installationId: args.installationId,
    deviceId: installation.deviceId,
  };
  return {
    installation,
    history: toPaymentHistoryRow(key, row),
    rates: ratesFromSums(ratePoints, row.ring_sums ?? []),
  };
}
