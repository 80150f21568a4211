import type { CaseRef } from '../../contracts/console/entities';
import type { Executor } from '../repositories/executor';
import { clientFeedbackOf } from './case-feedbacks';
import { declaredAddressLabel } from './declared-address-label';

export type SignupRefKey = 'id' | 'installation_id' | 'device_id';
export type PaymentRefKey = 'id' | 'installation_id' | 'account_id';

/** How many cases an entity list shows (newest first). */
export const REF_LIMIT = 50;

const money = (json: string | null) => {
  if (!json) return null;
  const v = JSON.parse(json) as { amount?: number; currency?: string };
  return typeof v.amount === 'number' ? `${v.amount.toLocaleString('en')} ${v.currency ?? ''}`.trim() : null;
};

/** Signups whose `column` is one of `values`, newest first, as case references. */
export async function signupRefs(
  db: Executor,
  tenantId: string,
  column: SignupRefKey,
  values: string[],
  limit = REF_LIMIT,
): Promise<CaseRef[]> {
  if (values.length === 0) return [];
  const rows = await db
    .selectFrom('signups')
    .select([
      'id',
      'installation_id',
      'created_at',
      'risk_assessment',
      'review_status',
      'review_outcome',
      'declared_address',
    ])
    .where('tenant_id', '=', tenantId)
    .where(column, 'in', values)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  const feedback = await clientFeedbackOf(
    db,
    tenantId,
    'signups',
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    kind: 'signup',
    id: r.id,
    created_at: Number(r.created_at),
    risk_assessment: r.risk_assessment as CaseRef['risk_assessment'],
    review_status: r.review_status as CaseRef['review_status'],
    review_outcome: r.review_outcome ?? null,
    client_feedback: feedback.get(r.id) ?? [],
    installation_id: r.installation_id,
    account_id: null,
    summary: declaredAddressLabel(r.declared_address),
  }));
}

/** Payments and logins whose `column` is one of `values`, newest first, as case references. */
export async function paymentRefs(
  db: Executor,
  tenantId: string,
  column: PaymentRefKey,
  values: string[],
  limit = REF_LIMIT,
): Promise<CaseRef[]> {
  if (values.length === 0) return [];
  const rows = await db
    .selectFrom('transactions')
    .select([
      'id',
      'type',
      'installation_id',
      'account_id',
      'created_at',
      'risk_assessment',
      'review_status',
      'review_outcome',
      'payment_value',
    ])
    .where('tenant_id', '=', tenantId)
    .where(column, 'in', values)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  const feedback = await clientFeedbackOf(
    db,
    tenantId,
    'transactions',
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    kind: r.type === 'login' ? 'login' : 'payment',
    id: r.id,
    created_at: Number(r.created_at),
    risk_assessment: r.risk_assessment as CaseRef['risk_assessment'],
    review_status: r.review_status as CaseRef['review_status'],
    review_outcome: r.review_outcome ?? null,
    client_feedback: feedback.get(r.id) ?? [],
    installation_id: r.installation_id,
    account_id: r.account_id,
    summary: r.type === 'login' ? 'login' : money(r.payment_value),
  }));
}

/** Newest first across signups and payments. */
export const newestFirst = (a: CaseRef, b: CaseRef) => b.created_at - a.created_at;
