import type { FeedbackRequest } from '../../../contracts/feedback';
import type { DecisionResult, PaymentDecision, SignupDecision } from '../../../contracts/console/review';
import { roleAtLeast } from '../../../contracts/console/common';
import type { Executor } from '../../../db/repositories/executor';
import type { Clock } from '../../../domain/clock';
import type { ApiDeps } from '../../api-deps';
import { conflict, notFound, ok, type CaseOutcome } from './case-outcome';
import type { ConsoleCaller } from './console-guard';
import { makeAuditStore } from '../../../db/console/audit-store';
import { latestConsoleFeedbackId } from '../../../db/console/case-feedbacks';
import { makeReviewStore, SUBJECT, type CaseKind } from '../../../db/console/review-store';

/**
 * An analyst's decision: stored as feedback through the same use-case as POST /api/v2/feedbacks (so it
 * reaches reputations, chargeback rates and the model), then the case is closed and the decision audited.
 */
export function makeDecideCase(
  deps: { db: Executor; clock: Clock; recordFeedback: ApiDeps['recordFeedback'] },
  kind: CaseKind,
) {
  const cases = makeReviewStore(deps.db, kind);
  const audit = makeAuditStore(deps.db);

  return async function decideCase(
    caller: ConsoleCaller,
    id: string,
    decision: SignupDecision | PaymentDecision,
  ): Promise<CaseOutcome<DecisionResult>> {
    const seen = await cases.find(caller.tenantId, id);
    if (!seen) return notFound;
    if (seen.review_status === 'closed') return conflict('this case is already decided');
    if (
      seen.assigned_to !== null &&
      seen.assigned_to !== caller.userId &&
      !roleAtLeast(caller.role, 'manager')
    ) {
      return conflict('another analyst has claimed this case');
    }
    // Logins are decided as login feedback, payments as payment feedback (PRODUCT.md item 6).
    const subject =
      kind === 'signups' ? { signup_id: id } : seen.type === 'login' ? { login_id: id } : { payment_id: id };
    const request = { event: decision.event, ...subject } as FeedbackRequest;
    await deps.recordFeedback({ tenantId: caller.tenantId }, request, {
      origin: 'console',
      author: caller.email,
      comment: decision.comment,
    });
    const now = deps.clock.now();
    if (!(await cases.close(caller.tenantId, id, seen, caller.userId, decision.verdict, now))) {
      return conflict('this case was decided meanwhile');
    }
    await audit.write({
      tenantId: caller.tenantId,
      actorUserId: caller.userId,
      action: `${SUBJECT[kind]}_decided`,
      subjectType: SUBJECT[kind],
      subjectId: id,
      before: { review_status: seen.review_status, assigned_to: seen.assigned_to },
      after: {
        review_status: 'closed',
        review_outcome: decision.verdict,
        feedback: decision.event,
        comment: decision.comment,
      },
      at: now,
    });
    const column = 'signup_id' in subject ? 'signup_id' : 'payment_id' in subject ? 'payment_id' : 'login_id';
    const feedbackId = await latestConsoleFeedbackId(deps.db, caller.tenantId, { column, id });
    return ok({ feedback_id: feedbackId ?? '', review_status: 'closed', review_outcome: decision.verdict });
  };
}
