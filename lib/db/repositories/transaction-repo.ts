import { sql } from 'kysely';
import type { LatLng } from '../../domain/location';
import type { Money, PaymentEvidence } from '../../domain/payment/payment-evidence';
import type { Reason, RiskAssessment } from '../../domain/risk';
import type { Explanation } from '../../domain/verdict/explanation';
import { countedCells, makeAreaStatsRepo } from './area-stats-repo';
import { compileStatement } from './compiled-statement';
import type { Executor } from './executor';
import { fromJson, onPostgres } from './executor';
import { makeInstallationRepo } from './installation-repo';
import { insertRecordedTransaction } from './pg-recorded-transaction';
import type { TransactionRecord } from './transaction-record';
import { newTransactionRow, transactionValues, type NewTransactionRow } from './transaction-values';

const insertTransaction = compileStatement((db, a: NewTransactionRow) =>
  db.insertInto('transactions').values(transactionValues(a)),
);

/**
 * SQLite: the transaction's row, written only when its account is linked to its installation already
 * (`insertRecordedAlone`): the link's lookup and the insert in one statement, where they were two.
 */
const insertTransactionIfLinked = compileStatement((db, a: NewTransactionRow) => {
  const values = transactionValues(a);
  const columns = Object.keys(values) as (keyof typeof values)[];
  return db
    .insertInto('transactions')
    .columns(columns)
    .expression(
      db
        .selectNoFrom(columns.map((column) => sql`${values[column]}`.as(column)))
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('installation_accounts')
              .select(sql.lit(1).as('one'))
              .where('tenant_id', '=', a.tenant_id)
              .where('installation_id', '=', a.installation_id as string)
              .where('account_id', '=', a.account_id),
          ),
        ),
    );
});

const findTransaction = compileStatement((db, a: { tenantId: string; id: string }) =>
  db.selectFrom('transactions').selectAll().where('tenant_id', '=', a.tenantId).where('id', '=', a.id),
);

export const paymentValuesQuery = (db: Executor, a: { tenantId: string; installationId: string }) =>
  db
    .selectFrom('transactions')
    .select('payment_value')
    .where('tenant_id', '=', a.tenantId)
    .where('installation_id', '=', a.installationId)
    .where('type', '=', 'payment')
    .where('payment_value', 'is not', null);
const paymentValues = compileStatement(paymentValuesQuery);

/** Stored payment values (JSON) summed per currency. */
export function sumPaymentValues(values: readonly (string | null)[]): Money[] {
  const sums = new Map<string, number>();
  for (const text of values) {
    const value = fromJson<Money>(text ?? 'null');
    const currency = value.currency.toUpperCase();
    sums.set(currency, (sums.get(currency) ?? 0) + value.amount);
  }
  // A literal array filled in a loop, not `[...entries].map(…)`: the copies' maps followed the data (none
  // or some payments) and deoptimised every payment's read (docs/BENCHMARKS.md, "SQLite payment, eighth
  // capacity session").
  const money: Money[] = [];
  for (const [currency, amount] of sums) money.push({ amount: Math.round(amount * 100) / 100, currency });
  return money;
}

/**
 * What writing a transaction's row changes besides (SQLite): its account linked to its installation
 * (when it has one; says whether the link is new) and the payment counted in the areas of `countedAt`.
 */
async function linkAndCount(
  db: Executor,
  t: TransactionRecord,
  countedAt: readonly LatLng[],
): Promise<boolean> {
  const linked = t.installationId
    ? await makeInstallationRepo(db).linkAccount(
        t.tenantId,
        t.installationId,
        t.accountId,
        t.deviceId,
        t.createdAt,
      )
    : false;
  await makeAreaStatsRepo(db).countPayment(t.tenantId, countedAt);
  return linked;
}

export function makeTransactionRepo(db: Executor) {
  return {
    /**
     * A new transaction with what storing it changes: its account linked to its installation (when it
     * has one; `linkAccount`), and, for a payment, one more payment counted in the areas of
     * `countedAt` (its addresses' points; `countPayment`). Says whether the account is new on the
     * installation. One statement on PostgreSQL (pg-recorded-transaction.ts), three on SQLite.
     */
    async insertRecorded(t: TransactionRecord, countedAt: readonly LatLng[]): Promise<boolean> {
      if (onPostgres(db)) {
        const cells = countedCells(countedAt);
        const row = await insertRecordedTransaction('plain').first(db, {
          ...newTransactionRow(t),
          resolutions: cells.map((c) => c.resolution),
          cells: cells.map((c) => c.cell),
        });
        return row !== undefined && Number(row.first_seen_at) === t.createdAt;
      }
      await insertTransaction.execute(db, newTransactionRow(t));
      return linkAndCount(db, t, countedAt);
    },

    /**
     * `insertRecorded` as a transaction of its own, when storing the transaction links no new account to
     * its installation (it has none, or the account is linked to it already): then nothing else follows
     * the write. Says whether it wrote; when it did not, nothing was written. On PostgreSQL one statement,
     * atomic by itself (no BEGIN and COMMIT: the COMMIT was a round trip of its own); on SQLite the
     * three writes in a transaction, the first written only when the account is linked already.
     */
    async insertRecordedAlone(t: TransactionRecord, countedAt: readonly LatLng[]): Promise<boolean> {
      if (onPostgres(db)) {
        const cells = countedCells(countedAt);
        // Not a spread followed by more fields: V8 promotes such copies (docs/BENCHMARKS.md, "Soak").
        const row = await insertRecordedTransaction('unlessNewLink').first(
          db,
          Object.assign(newTransactionRow(t), {
            resolutions: cells.map((c) => c.resolution),
            cells: cells.map((c) => c.cell),
          }),
        );
        return Number((row as { written?: unknown } | undefined)?.written ?? 0) > 0;
      }
      const write = async (trx: Executor) => {
        if (!t.installationId) {
          await makeTransactionRepo(trx).insertRecorded(t, countedAt);
          return true;
        }
        const written = await insertTransactionIfLinked.execute(trx, newTransactionRow(t));
        if (!written.numAffectedRows) return false;
        await linkAndCount(trx, t, countedAt);
        return true;
      };
      return db.isTransaction ? write(db) : db.transaction().execute(write);
    },

    /** Tenant-scoped: another tenant's id is simply not found. */
    async find(tenantId: string, id: string): Promise<TransactionRecord | null> {
      const r = await findTransaction.first(db, { tenantId, id });
      if (!r) return null;
      return {
        id: r.id,
        tenantId: r.tenant_id,
        installationId: r.installation_id,
        deviceId: r.device_id,
        accountId: r.account_id,
        type: r.type as TransactionRecord['type'],
        externalId: r.external_id,
        addresses: fromJson<unknown[]>(r.addresses),
        paymentValue: r.payment_value ? fromJson<Money>(r.payment_value) : null,
        paymentMethods: fromJson<unknown[]>(r.payment_methods),
        storeId: r.store_id,
        location: r.location ? fromJson<{ lat: number; lng: number }>(r.location) : null,
        evaluated: r.evaluated === 1,
        riskAssessment: r.risk_assessment as RiskAssessment | null,
        reasons: r.reasons ? fromJson<Reason[]>(r.reasons) : null,
        evidence: r.evidence ? fromJson<PaymentEvidence>(r.evidence) : null,
        explanation: r.explanation ? fromJson<Explanation>(r.explanation) : null,
        createdAt: Number(r.created_at),
      };
    },

    /** Every payment of the installation (evaluated or not), summed per currency. */
    async paymentSums(tenantId: string, installationId: string): Promise<Money[]> {
      const rows = await paymentValues.rows(db, { tenantId, installationId });
      const values: (string | null)[] = [];
      for (const r of rows) values.push(r.payment_value);
      return sumPaymentValues(values);
    },
  };
}
export type TransactionRepo = ReturnType<typeof makeTransactionRepo>;
