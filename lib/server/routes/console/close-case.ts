import { roleAtLeast } from '../../../contracts/console/common';
import { makeAuditStore } from '../../../db/console/audit-store';
import { makeReviewStore, SUBJECT, type CaseKind } from '../../../db/console/review-store';
import type { Executor } from '../../../db/repositories/executor';
import type { Clock } from '../../../domain/clock';
import { conflict, notFound, ok, type CaseOutcome } from './case-outcome';
import type { ConsoleCaller } from './console-guard';

/** How a case closed without an analyst's verdict is recorded (no feedback is sent: nothing was decided). */
export const CLOSED_WITHOUT_VERDICT = 'dismissed';

/**
 * Closes a case without a verdict, e.g. because the client already reported what happened. The same
 * claim rules as a decision; the comment is kept in the audit log.
 */
export function makeCloseCase(deps: { db: Executor; clock: Clock }, kind: CaseKind) {
  const cases = makeReviewStore(deps.db, kind);
  const audit = makeAuditStore(deps.db);
  return async function closeCase(
    caller: ConsoleCaller,
    id: string,
    comment: string,
  ): Promise<CaseOutcome<{ id: string }>> {
    const seen = await cases.find(caller.tenantId, id);
    if (!seen) return notFound;
    if (seen.review_status === 'closed') return conflict('this case is already closed');
    if (
      seen.assigned_to !== null &&
      seen.assigned_to !== caller.userId &&
      !roleAtLeast(caller.role, 'manager')
    )
      return conflict('another analyst has claimed this case');
    const now = deps.clock.now();
    if (!(await cases.close(caller.tenantId, id, seen, caller.userId, CLOSED_WITHOUT_VERDICT, now)))
      return conflict('this case was closed meanwhile');
    await audit.write({
      tenantId: caller.tenantId,
      actorUserId: caller.userId,
      action: `${SUBJECT[kind]}_closed`,
      subjectType: SUBJECT[kind],
      subjectId: id,
      before: { review_status: seen.review_status, assigned_to: seen.assigned_to },
      after: { review_status: 'closed', review_outcome: CLOSED_WITHOUT_VERDICT, comment },
      at: now,
    });
    return ok({ id });
  };
}
