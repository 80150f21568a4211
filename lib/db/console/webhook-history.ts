import type { Overview } from '../../contracts/console/overview';
import type { WebhookEvent } from '../../contracts/console/webhooks';
import type { Executor } from '../repositories/executor';

const DAY_MS = 86_400_000;

/** Webhook events of a signup with every delivery attempt, from the webhook outbox tables. */
export async function loadWebhookHistory(
  db: Executor,
  tenantId: string,
  signupId: string,
): Promise<WebhookEvent[]> {
  const events = await db
    .selectFrom('webhook_events')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('signup_id', '=', signupId)
    .orderBy('triggered_at', 'asc')
    .limit(100)
    .execute();
  if (events.length === 0) return [];
  const attempts = await db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where(
      'event_id',
      'in',
      events.map((e) => e.id),
    )
    .orderBy('attempt', 'asc')
    .execute();
  return events.map((e) => ({
    event_id: e.id,
    event_type: e.event_type,
    risk_assessment_before: e.risk_assessment_before,
    risk_assessment_after: e.risk_assessment_after,
    triggered_at: Number(e.triggered_at),
    status: e.status,
    next_attempt_at: e.next_attempt_at === null ? null : Number(e.next_attempt_at),
    attempts: attempts
      .filter((a) => a.event_id === e.id)
      .map((a) => ({
        attempt: Number(a.attempt),
        attempted_at: Number(a.started_at),
        status_code: a.status_code === null ? null : Number(a.status_code),
        error: a.error ?? (a.outcome === 'delivered' ? null : a.outcome),
        latency_ms: a.latency_ms === null ? null : Number(a.latency_ms),
        next_retry_at: a.next_retry_at === null ? null : Number(a.next_retry_at),
      })),
  }));
}

/** Delivery health for the overview: attempts per day by outcome, pending events, latency percentiles. */
export async function loadWebhookHealth(
  db: Executor,
  tenantId: string,
  from: number,
  to: number,
): Promise<Overview['webhooks']> {
  const [attempts, pending] = await Promise.all([
    db
      .selectFrom('webhook_attempts')
      .select(['started_at', 'outcome', 'latency_ms'])
      .where('tenant_id', '=', tenantId)
      .where('started_at', '>=', from)
      .where('started_at', '<=', to)
      .orderBy('started_at', 'desc')
      .limit(50_000)
      .execute(),
    db
      .selectFrom('webhook_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
  ]);
  const days = new Map<string, { delivered: number; failed: number }>();
  for (let d = Math.floor(from / DAY_MS); d <= Math.floor(to / DAY_MS); d++) {
    days.set(new Date(d * DAY_MS).toISOString().slice(0, 10), { delivered: 0, failed: 0 });
  }
  const latencies: number[] = [];
  for (const a of attempts) {
    const day = days.get(new Date(Number(a.started_at)).toISOString().slice(0, 10));
    if (day) day[a.outcome === 'delivered' ? 'delivered' : 'failed'] += 1;
    if (a.latency_ms !== null) latencies.push(Number(a.latency_ms));
  }
  latencies.sort((x, y) => x - y);
  const pct = (p: number) =>
    latencies.length
      ? (latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? null)
      : null;
  return {
    available: true,
    by_day: [...days.entries()].map(([day, c]) => ({ day, ...c })),
    pending: Number(pending.n),
    p50_latency_ms: pct(0.5),
    p95_latency_ms: pct(0.95),
  };
}
