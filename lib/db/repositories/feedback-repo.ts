import { sql } from 'kysely';
import { isFeedbackEvent, type FeedbackRecord } from '../../domain/feedback/feedback-events';
import { compileStatement } from './compiled-statement';
import type { Executor } from './executor';

export interface NewFeedback {
  id: string;
  tenantId: string;
  /** As the client sent it: one of FEEDBACK_EVENTS, or another client's event name. */
  event: string;
  occurredAt: number;
  expiresAt: number | null;
  externalId: string | null;
  signupId: string | null;
  paymentId: string | null;
  loginId: string | null;
  accountId: string | null;
  installationId: string | null;
  origin: 'api' | 'console';
  author: string | null;
  comment: string | null;
  createdAt: number;
}

const feedbackOfInstallation = compileStatement((db, a: { tenantId: string; installationId: string }) =>
  db
    .selectFrom('feedbacks')
    .select(['event', 'occurred_at', 'expires_at'])
    .where('tenant_id', '=', a.tenantId)
    .where('installation_id', '=', a.installationId)
    .orderBy('occurred_at')
    // Written into the SQL: a bound LIMIT makes SQLite prepare the statement again on every run (fingerprint-repo.ts).
    .limit(sql.lit(500)),
);

export function makeFeedbackRepo(db: Executor) {
  return {
    async insert(f: NewFeedback): Promise<void> {
      await db
        .insertInto('feedbacks')
        .values({
          id: f.id,
          tenant_id: f.tenantId,
          event: f.event,
          occurred_at: f.occurredAt,
          expires_at: f.expiresAt,
          external_id: f.externalId,
          signup_id: f.signupId,
          payment_id: f.paymentId,
          login_id: f.loginId,
          account_id: f.accountId,
          installation_id: f.installationId,
          origin: f.origin,
          author: f.author,
          comment: f.comment,
          created_at: f.createdAt,
        })
        .execute();
    },

    /** Feedback about an installation, oldest first. */
    async forInstallation(tenantId: string, installationId: string): Promise<FeedbackRecord[]> {
      const rows = await feedbackOfInstallation.rows(db, { tenantId, installationId });
      return rows.flatMap((r) =>
        isFeedbackEvent(r.event)
          ? [
              {
                event: r.event,
                occurredAt: Number(r.occurred_at),
                expiresAt: r.expires_at === null ? null : Number(r.expires_at),
              },
            ]
          : [],
      );
    },
  };
}
export type FeedbackRepo = ReturnType<typeof makeFeedbackRepo>;
