import type { Executor } from '../db/repositories/executor';
import type { JobRepo } from '../db/repositories/job-repo';
import type { Clock } from '../domain/clock';
import type { SecretBox } from '../webhooks/secret-box';
import { describeOutcome } from '../webhooks/describe-outcome';
import type { DeliveryOutcome, WebhookSender } from '../webhooks/send-webhook';
import { makeWebhookConfigRepo } from '../webhooks/webhook-config-repo';
import { makeWebhookOutboxRepo } from '../webhooks/webhook-outbox-repo';
import { recordAttempt } from '../webhooks/record-attempt';
import { signingSecrets } from '../webhooks/signing-secrets';
import type { JobHandler } from './job-worker';

export const DELIVER_WEBHOOK_JOB = 'deliver_webhook';
/** SPEC §6.3.5 / §8: one retry, an hour after the first attempt failed. */
export const WEBHOOK_RETRY_DELAY_MS = 60 * 60_000;
export const WEBHOOK_MAX_ATTEMPTS = 2;

/** Enqueues the delivery of an outbox event, in the transaction that wrote the event. */
export async function enqueueWebhookDelivery(jobs: JobRepo, tenantId: string, eventId: string, now: number) {
  await jobs.enqueue(
    {
      id: `${DELIVER_WEBHOOK_JOB}:${eventId}`,
      kind: DELIVER_WEBHOOK_JOB,
      tenantId,
      payload: { eventId },
      runAt: now,
    },
    now,
  );
}

export interface DeliverWebhookDeps {
  db: Executor;
  clock: Clock;
  newId: () => string;
  secretBox: SecretBox;
  send: WebhookSender;
  onAttempt?: (outcome: DeliveryOutcome) => void;
}

/**
 * One attempt at an outbox event: the same body every time, a fresh timestamp and signature. A
 * failure schedules the single retry an hour later; a second failure gives up. Each attempt is
 * recorded with the job's completion (a crash before that repeats the attempt: at-least-once).
 */
export function makeDeliverWebhookJob(deps: DeliverWebhookDeps): JobHandler {
  return async (job) => {
    const { eventId } = job.payload as { eventId: string };
    const outbox = makeWebhookOutboxRepo(deps.db);
    const event = await outbox.findEvent(eventId);
    if (!event || event.status !== 'pending') return { settlement: { status: 'done' } };
    const config = await makeWebhookConfigRepo(deps.db).find(event.tenant_id);
    const attempt = event.attempts + 1;
    const startedAt = deps.clock.now();
    let outcome: DeliveryOutcome;
    let latencyMs: number | null = null;
    if (!config) {
      outcome = { kind: 'blocked', message: 'no webhook configured' };
    } else {
      const result = await deps.send({
        url: config.url,
        body: event.body,
        headerPrefix: config.headerPrefix,
        secrets: signingSecrets(config, deps.secretBox, startedAt),
        timestamp: Math.floor(startedAt / 1000),
      });
      outcome = result.outcome;
      latencyMs = result.latencyMs;
    }
    deps.onAttempt?.(outcome);

    const delivered = outcome.kind === 'delivered';
    const retryAt = !delivered && attempt < WEBHOOK_MAX_ATTEMPTS ? startedAt + WEBHOOK_RETRY_DELAY_MS : null;
    return {
      settlement:
        retryAt === null
          ? { status: 'done' }
          : { status: 'pending', runAt: retryAt, error: describeOutcome(outcome) },
      write: (trx) =>
        recordAttempt(makeWebhookOutboxRepo(trx), {
          id: deps.newId(),
          eventId,
          tenantId: event.tenant_id,
          attempt,
          startedAt,
          url: config?.url ?? '',
          outcome,
          latencyMs,
          nextRetryAt: retryAt,
        }),
    };
  };
}
