import type { Executor } from '../db/repositories/executor';

export interface NewWebhookEvent {
  id: string;
  tenantId: string;
  signupId: string | null;
  eventType: string;
  before: string | null;
  after: string | null;
  body: string;
  triggeredAt: number;
  createdAt: number;
}

export interface WebhookAttemptRecord {
  id: string;
  eventId: string;
  tenantId: string;
  attempt: number;
  startedAt: number;
  url: string;
  statusCode: number | null;
  outcome: string;
  error: string | null;
  latencyMs: number | null;
  nextRetryAt: number | null;
}

/** The outbox: events to notify (written with the assessment change) and every attempt at them. */
export function makeWebhookOutboxRepo(db: Executor) {
  return {
    async insertEvent(e: NewWebhookEvent): Promise<void> {
      await db
        .insertInto('webhook_events')
        .values({
          id: e.id,
          tenant_id: e.tenantId,
          signup_id: e.signupId,
          event_type: e.eventType,
          risk_assessment_before: e.before,
          risk_assessment_after: e.after,
          body: e.body,
          triggered_at: e.triggeredAt,
          created_at: e.createdAt,
          status: 'pending',
          attempts: 0,
          next_attempt_at: e.createdAt,
          delivered_at: null,
        })
        .execute();
    },

    findEvent(id: string) {
      return db.selectFrom('webhook_events').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** After an attempt: how many were made, and where the event stands. */
    async markEvent(
      id: string,
      state: {
        status: 'pending' | 'delivered' | 'failed';
        attempts: number;
        nextAttemptAt: number | null;
        deliveredAt: number | null;
      },
    ): Promise<void> {
      await db
        .updateTable('webhook_events')
        .set({
          status: state.status,
          attempts: state.attempts,
          next_attempt_at: state.nextAttemptAt,
          delivered_at: state.deliveredAt,
        })
        .where('id', '=', id)
        .execute();
    },

    async insertAttempt(a: WebhookAttemptRecord): Promise<void> {
      await db
        .insertInto('webhook_attempts')
        .values({
          id: a.id,
          event_id: a.eventId,
          tenant_id: a.tenantId,
          attempt: a.attempt,
          started_at: a.startedAt,
          url: a.url,
          status_code: a.statusCode,
          outcome: a.outcome,
          error: a.error,
          latency_ms: a.latencyMs,
          next_retry_at: a.nextRetryAt,
        })
        .execute();
    },

    /** The tenant's latest attempts with their event, newest first (the console's settings screen). */
    recentAttempts(tenantId: string, limit: number) {
      return db
        .selectFrom('webhook_attempts as a')
        .innerJoin('webhook_events as e', 'e.id', 'a.event_id')
        .select([
          'a.event_id',
          'e.event_type',
          'e.signup_id',
          'a.attempt',
          'a.started_at',
          'a.url',
          'a.status_code',
          'a.outcome',
          'a.error',
          'a.latency_ms',
          'a.next_retry_at',
        ])
        .where('a.tenant_id', '=', tenantId)
        .orderBy('a.started_at', 'desc')
        .orderBy('a.attempt', 'desc')
        .limit(limit)
        .execute();
    },

    attemptsOf(eventId: string) {
      return db
        .selectFrom('webhook_attempts')
        .selectAll()
        .where('event_id', '=', eventId)
        .orderBy('attempt')
        .execute();
    },
  };
}
export type WebhookOutboxRepo = ReturnType<typeof makeWebhookOutboxRepo>;
