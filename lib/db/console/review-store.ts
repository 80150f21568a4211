import { sql } from 'kysely';
import type { Executor } from '../repositories/executor';
import { consoleIndexed } from './console-indexed';

export type CaseKind = 'signups' | 'payments';
export const TABLE = { signups: 'signups', payments: 'transactions' } as const;
export const SUBJECT = { signups: 'signup', payments: 'payment' } as const;
/** What "next case" serves: flagged signups, and payments whose high risk called for step-up. */
export const NEXT_CASE_RISKS: Record<CaseKind, string[]> = {
  signups: ['high_risk', 'unknown_risk'],
  payments: ['high_risk'],
};

export interface ReviewState {
  id: string;
  review_status: string;
  assigned_to: string | null;
  review_outcome: string | null;
}

/** The columns a ReviewState is read from. */
const STATE_COLUMNS = ['id', 'review_status', 'assigned_to', 'review_outcome'] as const;

/** A case as `find` reads it: its review state and, for payments, whether it is a payment or a login. */
export interface CaseState extends ReviewState {
  /** The transaction's type ('payment' | 'login'); null for signups. */
  type: string | null;
}

/** Review state changes of signups and payments; every write is conditional so two analysts cannot race. */
export function makeReviewStore(db: Executor, kind: CaseKind) {
  const table = TABLE[kind];
  const type = kind === 'payments' ? sql<string | null>`${sql.ref('type')}` : sql<string | null>`null`;
  return {
    async find(tenantId: string, id: string): Promise<CaseState | null> {
      const row = await db
        .selectFrom(table)
        .select([...STATE_COLUMNS, type.as('type')])
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ?? null;
    },

    /** Sets the assignee if the case is still in the state the caller saw; false when it changed meanwhile. */
    async setAssignee(
      tenantId: string,
      id: string,
      seen: ReviewState,
      assignee: string | null,
    ): Promise<boolean> {
      const result = await db
        .updateTable(table)
        .set({ assigned_to: assignee, review_status: assignee === null ? 'open' : 'in_review' })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('review_status', '=', seen.review_status)
        .where(
          seen.assigned_to === null
            ? sql<boolean>`assigned_to is null`
            : sql<boolean>`assigned_to = ${seen.assigned_to}`,
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async close(
      tenantId: string,
      id: string,
      seen: ReviewState,
      by: string,
      outcome: string,
      at: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable(table)
        .set({
          review_status: 'closed',
          review_outcome: outcome,
          reviewed_at: at,
          reviewed_by: by,
          assigned_to: seen.assigned_to ?? by,
        })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('review_status', '!=', 'closed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The caller's own oldest case in review, else the oldest open unassigned flagged case. */
    async nextCandidates(tenantId: string, userId: string): Promise<ReviewState[]> {
      const risks = NEXT_CASE_RISKS[kind];
      const mine = await db
        .selectFrom(table)
        .select(STATE_COLUMNS)
        .where('tenant_id', '=', tenantId)
        .where(consoleIndexed(table))
        .where('risk_assessment', 'in', risks)
        .where('review_status', '=', 'in_review')
        .where('assigned_to', '=', userId)
        .orderBy('created_at', 'asc')
        .limit(1)
        .execute();
      if (mine.length > 0) return mine;
      return db
        .selectFrom(table)
        .select(STATE_COLUMNS)
        .where('tenant_id', '=', tenantId)
        .where(consoleIndexed(table))
        .where('risk_assessment', 'in', risks)
        .where('review_status', '=', 'open')
        .where('assigned_to', 'is', null)
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .limit(5)
        .execute();
    },
  };
}
