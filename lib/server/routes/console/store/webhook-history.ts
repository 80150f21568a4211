import { sql } from 'kysely';
import type { Overview } from '../../../../contracts/console/overview';
import type { WebhookEvent } from '../../../../contracts/console/webhooks';
import type { Executor } from '../../../../db/repositories/executor';

/**
 * Webhook events of a signup with every delivery attempt, read from the webhook outbox tables
 * (webhook_events, webhook_attempts) owned by the webhook feature. Until those tables exist the
 * list is empty rather than an error.
 */
export async function loadWebhookHistory(
  _db: Executor,
  _tenantId: string,
  _signupId: string,
): Promise<WebhookEvent[]> {
  void sql;
  return [];
}

/** Delivery health for the overview; `available: false` until the webhook outbox tables exist. */
export async function loadWebhookHealth(
  _db: Executor,
  _tenantId: string,
  _from: number,
  _to: number,
): Promise<Overview['webhooks']> {
  return { available: false, by_day: [], pending: 0, p50_latency_ms: null, p95_latency_ms: null };
}
