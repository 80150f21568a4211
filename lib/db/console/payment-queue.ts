import { parseExplanation } from '../../contracts/console/explanation';
import type { PaymentList, PaymentListItem } from '../../contracts/console/payments';
import type { Executor } from '../repositories/executor';
import { clientFeedbackOf } from './case-feedbacks';
import {
  afterCursor,
  caseWhere,
  sortDirection,
  textSearch,
  type CaseFilters,
  type QueueOrder,
} from './case-filters';
import { decodeCursor, encodeCursor } from './keyset-cursor';
import { userEmails, userRef } from './user-emails';

export interface PaymentQueueQuery extends CaseFilters {
  q?: string | undefined;
  type?: 'payment' | 'login' | undefined;
  order: QueueOrder;
  cursor?: string | undefined;
  limit: number;
}

export type PaymentRow = {
  id: string;
  type: string;
  installation_id: string | null;
  account_id: string;
  external_id: string | null;
  risk_assessment: string | null;
  reasons: string | null;
  evidence: string | null;
  explanation: string | null;
  payment_value: string | null;
  created_at: number;
  review_status: string;
  assigned_to: string | null;
};

export function toPaymentListItem(
  r: PaymentRow,
  emails: Map<string, string>,
  clientFeedback: string[],
): PaymentListItem {
  const evidence = r.evidence ? (JSON.parse(r.evidence) as Record<string, unknown>) : {};
  return {
    id: r.id,
    type: r.type,
    installation_id: r.installation_id,
    account_id: r.account_id,
    external_id: r.external_id,
    risk_assessment: r.risk_assessment as PaymentListItem['risk_assessment'],
    reasons: r.reasons ? (JSON.parse(r.reasons) as PaymentListItem['reasons']) : [],
    created_at: Number(r.created_at),
    review_status: r.review_status as PaymentListItem['review_status'],
    assigned_to: userRef(emails, r.assigned_to),
    client_feedback: clientFeedback,
    score: parseExplanation(r.explanation)?.probability ?? null,
    payment_value: r.payment_value ? (JSON.parse(r.payment_value) as PaymentListItem['payment_value']) : null,
    distance_to_trusted_location_m:
      typeof evidence.distance_to_trusted_location === 'number'
        ? evidence.distance_to_trusted_location
        : null,
  };
}

/** One page of the payment step-up queue, filtered and counted in SQL. */
export async function listPaymentQueue(db: Executor, query: PaymentQueueQuery): Promise<PaymentList> {
  let base = db
    .selectFrom('transactions')
    .where(caseWhere('transactions', query))
    .where(textSearch(query.q, ['installation_id', 'account_id', 'external_id']));
  if (query.type) base = base.where('type', '=', query.type);
  // Payments are assessed once: their last change is their creation.
  const direction = sortDirection(query.order);
  const [rows, total] = await Promise.all([
    base
      .select([
        'id',
        'type',
        'installation_id',
        'account_id',
        'external_id',
        'risk_assessment',
        'reasons',
        'evidence',
        'explanation',
        'payment_value',
        'created_at',
        'review_status',
        'assigned_to',
      ])
      .where(afterCursor('transactions', decodeCursor(query.cursor), query.order))
      .orderBy('created_at', direction)
      .orderBy('id', direction)
      .limit(query.limit + 1)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const [emails, feedback] = await Promise.all([
    userEmails(
      db,
      page.map((r) => r.assigned_to),
    ),
    clientFeedbackOf(
      db,
      query.tenantId,
      'transactions',
      page.map((r) => r.id),
    ),
  ]);
  return {
    items: page.map((r) => toPaymentListItem(r, emails, feedback.get(r.id) ?? [])),
    total: Number(total.n),
    next_cursor:
      rows.length > query.limit && last ? encodeCursor({ at: Number(last.created_at), id: last.id }) : null,
  };
}
