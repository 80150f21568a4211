import { parseExplanation } from '../../contracts/console/explanation';
import type { SignupList, SignupListItem } from '../../contracts/console/signups';
import type { Executor } from '../repositories/executor';
import { clientFeedbackOf } from './case-feedbacks';
import {
  afterCursor,
  caseWhere,
  sortColumn,
  sortDirection,
  textSearch,
  type CaseFilters,
  type QueueOrder,
} from './case-filters';
import { declaredAddressLabel } from './declared-address-label';
import { flaggedSince } from './flagged-since';
import { decodeCursor, encodeCursor } from './keyset-cursor';
import { userEmails, userRef } from './user-emails';

export interface SignupQueueQuery extends CaseFilters {
  q?: string | undefined;
  order: QueueOrder;
  cursor?: string | undefined;
  limit: number;
}

const num = (v: unknown) => (typeof v === 'number' ? v : null);

/** One page of the signup queue and the number of matching signups, all filtering done in SQL. */
export async function listSignupQueue(db: Executor, query: SignupQueueQuery): Promise<SignupList> {
  const where = caseWhere('signups', query);
  const search = textSearch(query.q, ['installation_id', 'device_id']);
  const at = sortColumn('signups', query.order);
  const direction = sortDirection(query.order);
  const [rows, total] = await Promise.all([
    db
      .selectFrom('signups')
      .select([
        'id',
        'installation_id',
        'device_id',
        'risk_assessment',
        'reasons',
        'evidence',
        'explanation',
        'declared_address',
        'created_at',
        'updated_at',
        'review_status',
        'assigned_to',
      ])
      .where(where)
      .where(search)
      .where(afterCursor('signups', decodeCursor(query.cursor), query.order))
      .orderBy(at, direction)
      .orderBy('id', direction)
      .limit(query.limit + 1)
      .execute(),
    db
      .selectFrom('signups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(where)
      .where(search)
      .executeTakeFirstOrThrow(),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const [emails, feedback, flagged] = await Promise.all([
    userEmails(
      db,
      page.map((r) => r.assigned_to),
    ),
    clientFeedbackOf(
      db,
      query.tenantId,
      'signups',
      page.map((r) => r.id),
    ),
    flaggedSince(
      db,
      query.tenantId,
      page.map((r) => r.id),
    ),
  ]);
  const items: SignupListItem[] = page.map((r) => {
    const evidence = JSON.parse(r.evidence) as Record<string, unknown>;
    return {
      id: r.id,
      installation_id: r.installation_id,
      device_id: r.device_id,
      risk_assessment: r.risk_assessment as SignupListItem['risk_assessment'],
      reasons: JSON.parse(r.reasons) as SignupListItem['reasons'],
      created_at: Number(r.created_at),
      updated_at: Number(r.updated_at),
      flagged_at: flagged.get(r.id) ?? Number(r.created_at),
      review_status: r.review_status as SignupListItem['review_status'],
      assigned_to: userRef(emails, r.assigned_to),
      client_feedback: feedback.get(r.id) ?? [],
      score: parseExplanation(r.explanation)?.probability ?? null,
      address_label: declaredAddressLabel(r.declared_address),
      distance_from_last_location_m: num(evidence.distance_from_last_location_to_declared_address),
      location_events_quantity: num(evidence.location_events_quantity),
    };
  });
  return {
    items,
    total: Number(total.n),
    next_cursor:
      rows.length > query.limit && last ? encodeCursor({ at: Number(last[at]), id: last.id }) : null,
  };
}
