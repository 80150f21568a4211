import { paymentAddressCell } from '../console/address-key';
import type { Money, PaymentEvidence } from '../../domain/payment/payment-evidence';
import type { Reason, RiskAssessment } from '../../domain/risk';
import type { Explanation } from '../../domain/verdict/explanation';
import type { Selectable } from 'kysely';
import type { TransactionsTable } from '../schema';
import { compileStatement } from './compiled-statement';
import type { Executor } from './executor';
import { fromJson, toJson } from './executor';

export interface TransactionRecord {
  id: string;
  tenantId: string;
  /** Null when the request named no installation we could identify (never a shared placeholder). */
  installationId: string | null;
  deviceId: string | null;
  accountId: string;
  type: 'payment' | 'login';
  externalId: string | null;
  addresses: unknown[];
  paymentValue: Money | null;
  paymentMethods: unknown[];
  storeId: string | null;
  location: { lat: number; lng: number } | null;
  evaluated: boolean;
  riskAssessment: RiskAssessment | null;
  reasons: Reason[] | null;
  evidence: PaymentEvidence | null;
  /** How the verdict was reached (console only); null when not evaluated. */
  explanation: Explanation | null;
  createdAt: number;
}

type TransactionRow = Selectable<TransactionsTable>;
type NewTransactionRow = Pick<
  TransactionRow,
  | 'id'
  | 'tenant_id'
  | 'installation_id'
  | 'device_id'
  | 'account_id'
  | 'type'
  | 'external_id'
  | 'addresses'
  | 'payment_value'
  | 'payment_methods'
  | 'store_id'
  | 'location'
  | 'evaluated'
  | 'risk_assessment'
  | 'reasons'
  | 'evidence'
  | 'explanation'
  | 'created_at'
  | 'address_cell_lat'
  | 'address_cell_lng'
>;

const insertTransaction = compileStatement((db, a: NewTransactionRow) =>
  db.insertInto('transactions').values({
    id: a.id,
    tenant_id: a.tenant_id,
    installation_id: a.installation_id,
    device_id: a.device_id,
    account_id: a.account_id,
    type: a.type,
    external_id: a.external_id,
    addresses: a.addresses,
    payment_value: a.payment_value,
    payment_methods: a.payment_methods,
    store_id: a.store_id,
    location: a.location,
    evaluated: a.evaluated,
    risk_assessment: a.risk_assessment,
    reasons: a.reasons,
    evidence: a.evidence,
    explanation: a.explanation,
    created_at: a.created_at,
    address_cell_lat: a.address_cell_lat,
    address_cell_lng: a.address_cell_lng,
    review_status: 'open',
  }),
);

const findTransaction = compileStatement((db, a: { tenantId: string; id: string }) =>
  db.selectFrom('transactions').selectAll().where('tenant_id', '=', a.tenantId).where('id', '=', a.id),
);

const paymentValues = compileStatement((db, a: { tenantId: string; installationId: string }) =>
  db
    .selectFrom('transactions')
    .select('payment_value')
    .where('tenant_id', '=', a.tenantId)
    .where('installation_id', '=', a.installationId)
    .where('type', '=', 'payment')
    .where('payment_value', 'is not', null),
);

const jsonOrNull = (value: unknown) => (value ? toJson(value) : null);

export function makeTransactionRepo(db: Executor) {
  return {
    async insert(t: TransactionRecord): Promise<void> {
      await insertTransaction.execute(db, {
        id: t.id,
        tenant_id: t.tenantId,
        installation_id: t.installationId,
        device_id: t.deviceId,
        account_id: t.accountId,
        type: t.type,
        external_id: t.externalId,
        addresses: toJson(t.addresses),
        ...paymentAddressCell(t.addresses),
        payment_value: jsonOrNull(t.paymentValue),
        payment_methods: toJson(t.paymentMethods),
        store_id: t.storeId,
        location: jsonOrNull(t.location),
        evaluated: t.evaluated ? 1 : 0,
        risk_assessment: t.riskAssessment,
        reasons: jsonOrNull(t.reasons),
        evidence: jsonOrNull(t.evidence),
        explanation: jsonOrNull(t.explanation),
        created_at: t.createdAt,
      });
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
      const sums = new Map<string, number>();
      for (const row of rows) {
        const value = fromJson<Money>(row.payment_value ?? 'null');
        const currency = value.currency.toUpperCase();
        sums.set(currency, (sums.get(currency) ?? 0) + value.amount);
      }
      return [...sums.entries()].map(([currency, amount]) => ({
        amount: Math.round(amount * 100) / 100,
        currency,
      }));
    },
  };
}
export type TransactionRepo = ReturnType<typeof makeTransactionRepo>;
