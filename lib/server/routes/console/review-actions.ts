import type { Assignment } from '../../../contracts/console/review';
import type { Executor } from '../../../db/repositories/executor';
import { roleAtLeast } from '../../../contracts/console/common';
import type { Clock } from '../../../domain/clock';
import type { ConsoleCaller } from './console-guard';
import { conflict, invalid, notFound, ok, type CaseOutcome } from './case-outcome';
import { makeAuditStore } from '../../../db/console/audit-store';
import { makeReviewStore, SUBJECT, type CaseKind, type ReviewState } from '../../../db/console/review-store';
import { makeUsersStore } from '../../../db/console/users-store';

type Assignee = NonNullable<Assignment['assigned_to']>;

const stateOf = (s: ReviewState) => ({ review_status: s.review_status, assigned_to: s.assigned_to });
const self = (caller: ConsoleCaller): Assignee => ({ id: caller.userId, email: caller.email });

/** Claim, assign, release and "next case" for signups and payments, each one audited. */
export function makeReviewActions(db: Executor, clock: Clock, kind: CaseKind) {
  const cases = makeReviewStore(db, kind);
  const audit = makeAuditStore(db);
  const users = makeUsersStore(db);

  // The assignee is always a user this request has already read (the caller, or the checked target).
  const assignment = (assignee: Assignee | null, status: string): Assignment => ({
    review_status: status as Assignment['review_status'],
    assigned_to: assignee,
  });

  async function changeAssignee(caller: ConsoleCaller, id: string, target: Assignee | null, action: string) {
    const seen = await cases.find(caller.tenantId, id);
    if (!seen) return notFound;
    if (seen.review_status === 'closed') return conflict('this case is already decided');
    if (!(await cases.setAssignee(caller.tenantId, id, seen, target?.id ?? null)))
      return conflict('the case changed meanwhile; reload it');
    const after = { review_status: target === null ? 'open' : 'in_review', assigned_to: target?.id ?? null };
    await audit.write({
      tenantId: caller.tenantId,
      actorUserId: caller.userId,
      action: `${SUBJECT[kind]}_${action}`,
      subjectType: SUBJECT[kind],
      subjectId: id,
      before: stateOf(seen),
      after,
      at: clock.now(),
    });
    return ok(assignment(target, after.review_status));
  }

  return {
    async claim(caller: ConsoleCaller, id: string): Promise<CaseOutcome<Assignment>> {
      const seen = await cases.find(caller.tenantId, id);
      if (!seen) return notFound;
      if (seen.assigned_to === caller.userId && seen.review_status === 'in_review') {
        return ok(assignment(self(caller), 'in_review'));
      }
      if (seen.assigned_to !== null) return conflict('another analyst has claimed this case');
      return changeAssignee(caller, id, self(caller), 'claimed');
    },

    /** Analysts may take a case or give back their own; managers and admins may hand any case to anyone. */
    async assign(caller: ConsoleCaller, id: string, target: string | null): Promise<CaseOutcome<Assignment>> {
      const seen = await cases.find(caller.tenantId, id);
      if (!seen) return notFound;
      const manager = roleAtLeast(caller.role, 'manager');
      if (!manager) {
        const ownRelease = target === null && seen.assigned_to === caller.userId;
        const selfClaim = target === caller.userId && seen.assigned_to === null;
        if (!ownRelease && !selfClaim)
          return invalid('only a manager can assign cases to others or release them');
      }
      if (target === null) return changeAssignee(caller, id, null, 'released');
      const user = await users.find(caller.tenantId, target);
      if (!user || user.disabled_at !== null)
        return invalid('user_id: no such active user in this organisation');
      return changeAssignee(caller, id, { id: user.id, email: user.email }, 'assigned');
    },

    /** Claims the next case; a race lost to another analyst moves on to the following candidate. */
    async next(caller: ConsoleCaller): Promise<CaseOutcome<{ id: string | null }>> {
      for (let round = 0; round < 3; round++) {
        const candidates = await cases.nextCandidates(caller.tenantId, caller.userId);
        if (candidates.length === 0) return ok({ id: null });
        for (const c of candidates) {
          if (c.assigned_to === caller.userId) return ok({ id: c.id });
          const claimed = await changeAssignee(caller, c.id, self(caller), 'claimed');
          if (claimed.kind === 'ok') return ok({ id: c.id });
        }
      }
      return ok({ id: null });
    },
  };
}
