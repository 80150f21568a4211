import type { Money, PaymentEvidence } from '../../domain/payment/payment-evidence';
import type { Reason, RiskAssessment } from '../../domain/risk';
import type { Explanation } from '../../domain/verdict/explanation';
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

export function makeTransactionRepo(db: Executor) {
  return {
    async insert(t: TransactionRecord): Promise<void> {
      await db
        .insertInto('transactions')
        .values({
          id: t.id,
          tenant_id: t.tenantId,
          installation_id: t.installationId,
          device_id: t.deviceId,
          account_id: t.accountId,
          type: t.type,
          external_id: t.externalId,
          addresses: toJson(t.addresses),
          payment_value: t.paymentValue ? toJson(t.paymentValue) : null,
          payment_methods: toJson(t.paymentMethods),
          store_id: t.storeId,
          location: t.location ? toJson(t.location) : null,
          evaluated: t.evaluated ? 1 : 0,
          risk_assessment: t.riskAssessment,
          reasons: t.reasons ? toJson(t.reasons) : null,
          evidence: t.evidence ? toJson(t.evidence) : null,
          explanation: t.explanation ? toJson(t.explanation) : null,
          created_at: t.createdAt,
          review_status: 'open',
        })
        .execute();
    },

    /** Tenant-scoped: another tenant's id is simply not found. */
    async find(tenantId: string, id: string): Promise<TransactionRecord | null> {
      const r = await db
        .selectFrom('transactions')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
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
        createdAt: r.created_at,
      };
    },

    /** Every payment of the installation (evaluated or not), summed per currency. */
    async paymentSums(tenantId: string, installationId: string): Promise<Money[]> {
      const rows = await db
        .selectFrom('transactions')
        .select('payment_value')
        .where('tenant_id', '=', tenantId)
        .where('installation_id', '=', installationId)
        .where('type', '=', 'payment')
        .where('payment_value', 'is not', null)
        .execute();
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
