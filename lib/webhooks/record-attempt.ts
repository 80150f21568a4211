import { describeOutcome } from './describe-outcome';
import type { DeliveryOutcome } from './send-webhook';
import type { WebhookAttemptRecord, WebhookOutboxRepo } from './webhook-outbox-repo';

/** An attempt as the sender reported it; status code, outcome kind and error text are derived here. */
export type AttemptToRecord = Omit<WebhookAttemptRecord, 'statusCode' | 'outcome' | 'error'> & {
  outcome: DeliveryOutcome;
};

/**
 * Writes one attempt and the event's new state together (the delivery job and the admin test send):
 * delivered, pending again when a retry is due, otherwise failed. Returns the attempt as written.
 */
export async function recordAttempt(
  outbox: WebhookOutboxRepo,
  a: AttemptToRecord,
): Promise<WebhookAttemptRecord> {
  const delivered = a.outcome.kind === 'delivered';
  const record: WebhookAttemptRecord = {
    id: a.id,
    eventId: a.eventId,
    tenantId: a.tenantId,
    attempt: a.attempt,
    startedAt: a.startedAt,
    url: a.url,
    statusCode: 'status' in a.outcome ? a.outcome.status : null,
    outcome: a.outcome.kind,
    error: delivered ? null : describeOutcome(a.outcome),
    latencyMs: a.latencyMs,
    nextRetryAt: a.nextRetryAt,
  };
  await outbox.insertAttempt(record);
  await outbox.markEvent(a.eventId, {
    status: delivered ? 'delivered' : a.nextRetryAt === null ? 'failed' : 'pending',
    attempts: a.attempt,
    nextAttemptAt: a.nextRetryAt,
    deliveredAt: delivered ? a.startedAt : null,
  });
  return record;
}
