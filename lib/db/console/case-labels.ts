import { sql, type RawBuilder } from 'kysely';

/**
 * What a case turned out to be, from the client's feedback and the analysts' decisions. Fraud wins:
 * a chargeback after an analyst approved the payment makes it fraud.
 */
export const FRAUD_EVENTS = [
  'identity_fraud',
  'account_takeover',
  'chargeback',
  'chargeback_notification',
  'promotion_abuse',
  'signup_declined',
  'payment_declined_by_manual_review',
] as const;
export const LEGIT_EVENTS = [
  'signup_accepted',
  'verified',
  'account_allowed',
  'device_allowed',
  'payment_accepted',
  'login_accepted',
] as const;
const FRAUD_OUTCOMES = ['fraud', 'decline'];
const LEGIT_OUTCOMES = ['legit', 'approve'];

export type LabelTable = 'signups' | 'transactions';

const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`));

function reported(table: LabelTable, events: readonly string[]): RawBuilder<boolean> {
  const about = (column: string) =>
    sql`exists (select 1 from feedbacks f where f.tenant_id = ${sql.ref(`${table}.tenant_id`)} and ${sql.ref(`f.${column}`)} = ${sql.ref(`${table}.id`)} and f.event in (${list(events)}))`;
  return table === 'signups'
    ? sql<boolean>`${about('signup_id')}`
    : sql<boolean>`(${about('payment_id')} or ${about('login_id')})`;
}

/** 'fraud', 'legit' or null (unlabelled) for each row of `table`, as one SQL expression. */
export function caseLabel(table: LabelTable): RawBuilder<string | null> {
  const outcome = sql.ref(`${table}.review_outcome`);
  return sql<string | null>`case
    when ${reported(table, FRAUD_EVENTS)} or ${outcome} in (${list(FRAUD_OUTCOMES)}) then 'fraud'
    when ${reported(table, LEGIT_EVENTS)} or ${outcome} in (${list(LEGIT_OUTCOMES)}) then 'legit'
  end`;
}
