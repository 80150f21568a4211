import type { WebhookEvent } from '../contracts/console/index';
import { formatDateTime, riskLabel } from './format';

export interface WebhookAttemptView {
  attempt: number;
  at: string;
  outcome: string;
  ok: boolean;
  latency: string;
  nextRetry: string | null;
}

export interface WebhookEventView {
  eventId: string;
  type: string;
  change: string;
  triggeredAt: string;
  status: string;
  nextAttempt: string | null;
  attempts: WebhookAttemptView[];
}

export function adaptWebhooks(events: WebhookEvent[]): WebhookEventView[] {
  return events.map((e) => ({
    eventId: e.event_id,
    type: e.event_type,
    change:
      e.risk_assessment_before || e.risk_assessment_after
        ? `${riskLabel(e.risk_assessment_before)} → ${riskLabel(e.risk_assessment_after)}`
        : '',
    triggeredAt: formatDateTime(e.triggered_at),
    status: e.status,
    nextAttempt: e.next_attempt_at === null ? null : formatDateTime(e.next_attempt_at),
    attempts: e.attempts.map((a) => {
      const ok = a.status_code !== null && a.status_code >= 200 && a.status_code < 300;
      return {
        attempt: a.attempt,
        at: formatDateTime(a.attempted_at),
        outcome: a.status_code !== null ? `HTTP ${a.status_code}` : (a.error ?? 'no response'),
        ok,
        latency: a.latency_ms === null ? '—' : `${Math.round(a.latency_ms).toLocaleString('en')} ms`,
        nextRetry: a.next_retry_at === null ? null : formatDateTime(a.next_retry_at),
      };
    }),
  }));
}
