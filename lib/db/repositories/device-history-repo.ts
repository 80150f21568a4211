import { sql } from 'kysely';
import { compileStatement } from './compiled-statement';
import { readDeclaredOnDevice } from './declared-on-device';
import {
  firstSeenOf,
  historyColumns,
  toHistoryRow,
  toSignupHistoryRow,
  type DeviceHistoryArgs,
  type DeviceHistoryRow,
  type InstallationKey,
  type PaymentHistoryRow,
  type SignupHistoryRow,
} from './device-history-columns';
import type { Executor } from './executor';
import { fromJson, onPostgres } from './executor';
import type { LatLng } from '../../domain/location';
import { makeAreaStatsRepo } from './area-stats-repo';
import { makeFingerprintRepo } from './fingerprint-repo';
import {
  accountFirstSeenQuery,
  makeInstallationRepo,
  toInstallationRecord,
  type InstallationRecord,
} from './installation-repo';
import * as pgHistory from './pg-device-history';
import { makeTransactionRepo, paymentValuesQuery, sumPaymentValues } from './transaction-repo';

export type {
  DeviceHistoryRow,
  PaymentHistoryRow,
  SignupHistoryRow,
  StoredAccountHistory,
} from './device-history-columns';

// A slot stands for the argument; `as string` because a null device id is passed as one too.
const loadDeviceHistory = compileStatement((db, a: DeviceHistoryArgs) =>
  db.selectNoFrom(historyColumns(db, a, a.deviceId as string)),
);

/**
 * The installation row with its history, the device id taken from the row itself: a signup knows
 * only the installation id. No row when the installation is unknown. (`named`: the subqueries have an
 * `i` of their own.) SQLite; PostgreSQL's also reads the declared addresses (pg-device-history.ts).
 */
const findDeviceHistory = compileStatement((db, a: InstallationKey) =>
  db
    .selectFrom('installations as named')
    .selectAll('named')
    .select(historyColumns(db, a, sql.ref<string>('named.device_id')))
    .where('named.tenant_id', '=', a.tenantId)
    .where('named.installation_id', '=', a.installationId),
);

/**
 * The installation row with its payment history and the account's first sighting on the device, the
 * device id taken from the row (as `findDeviceHistory`): one statement where the row, the history and
 * the sighting were three, and the installation's payment values with them. The account's other
 * fingerprints are rows, read by a statement of their own (`loadForPayment`), and only when the account
 * is linked elsewhere. SQLite; PostgreSQL reads those too in the same statement (pg-device-history.ts).
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
      // Whether the account is linked to another installation at all: most pay from one, and then the
      // statement reading its other installations' fingerprints, which could find none, is not run.
      // The account's index named: without statistics SQLite scans the tenant's links on the primary key.
      sql<number>`exists (select 1 from installation_accounts indexed by installation_accounts_account
        where tenant_id = ${a.tenantId} and account_id = ${a.accountId}
          and installation_id != named.installation_id)`.as('account_elsewhere'),
      // The installation's payment values as one JSON array of their texts (in the order of their own
      // statement's rows): a statement of their own cost a read transaction of its own.
      db
        .selectFrom(paymentValuesQuery(db, a).as('p'))
        .select(sql<string>`json_group_array(p.payment_value)`.as('a'))
        .as('payment_values_json'),
    ])
    .where('named.tenant_id', '=', a.tenantId)
    .where('named.installation_id', '=', a.installationId);
});

/**
 * What an assessment reads about an installation. On PostgreSQL each method is one statement
 * (pg-device-history.ts); on SQLite, where a statement is no round trip, the history statement and
 * the account's and declared addresses' reads of their own repositories.
 */
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
    if (onPostgres(db))
      return pgHistory.readPaymentHistory(db, {
        tenantId,
        installationId,
        deviceId,
        accountId,
        otherInstallations,
      });
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

  return {
    async load(tenantId: string, installationId: string, deviceId: string | null): Promise<DeviceHistoryRow> {
      const args = { tenantId, installationId, deviceId };
      return toHistoryRow(args, await loadDeviceHistory.first(db, args));
    },

    loadForPayment,

    /**
     * The installation, its payment history (`loadForPayment`) and the chargeback rates around
     * `ratePoints` (in their order): one statement on PostgreSQL; on SQLite `findPaymentHistoryOnSqlite`,
     * then the other installations' fingerprints (only when it found the account on one) and the rates.
     * Null when the installation is unknown.
     */
    async findForPayment(
      tenantId: string,
      installationId: string,
      accountId: string,
      otherInstallations: number,
      ratePoints: readonly LatLng[],
    ): Promise<pgHistory.PaymentHistoryFound | null> {
      if (onPostgres(db)) {
        return pgHistory.findPaymentHistory(
          db,
          { tenantId, installationId, accountId, otherInstallations },
          ratePoints,
        );
      }
      const row = await findPaymentHistoryOnSqlite.first(db, { tenantId, installationId, accountId });
      if (!row) return null;
      const installation = toInstallationRecord(row);
      const args = { tenantId, installationId, deviceId: installation.deviceId };
      const [otherFingerprints, rates] = await Promise.all([
        row.account_elsewhere
          ? makeFingerprintRepo(db).ofOtherInstallationsOfAccount(
              tenantId,
              accountId,
              installationId,
              otherInstallations,
            )
          : [],
        makeAreaStatsRepo(db).ratesAt(tenantId, ratePoints),
      ]);
      const transactionSums = sumPaymentValues(fromJson<string[]>(row.payment_values_json ?? '[]'));
      const { fingerprint, graph, feedbackCount, otherTenantCount } = toHistoryRow(args, row);
      const account = { firstSeenOnDeviceAt: firstSeenOf(row), otherFingerprints, transactionSums };
      return {
        installation,
        history: { fingerprint, graph, feedbackCount, otherTenantCount, account },
        rates,
      };
    },

    /** The installation and its signup history (`loadForSignup`); null when it is unknown. */
    async findForSignup(
      tenantId: string,
      installationId: string,
    ): Promise<{ installation: InstallationRecord; history: SignupHistoryRow } | null> {
      if (onPostgres(db)) return pgHistory.findSignupHistory(db, { tenantId, installationId });
      const row = await findDeviceHistory.first(db, { tenantId, installationId });
      if (!row) return null;
      const installation = toInstallationRecord(row);
      const args = { tenantId, installationId, deviceId: installation.deviceId };
      return {
        installation,
        history: toSignupHistoryRow(args, row, await readDeclaredOnDevice(db, args)),
      };
    },

    /** The history and the addresses declared on the installation or its device. */
    async loadForSignup(
      tenantId: string,
      installationId: string,
      deviceId: string | null,
    ): Promise<SignupHistoryRow> {
      const args = { tenantId, installationId, deviceId };
      if (onPostgres(db)) return pgHistory.readSignupHistory(db, args);
      const row = await loadDeviceHistory.first(db, args);
      return toSignupHistoryRow(args, row, await readDeclaredOnDevice(db, args));
    },
  };
}
export type DeviceHistoryRepo = ReturnType<typeof makeDeviceHistoryRepo>;
