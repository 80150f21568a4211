import type { WebhookAttemptView, WebhookConfigView } from '../contracts/webhook-config';

export interface WebhookSettingsView {
  configured: boolean;
  url: string;
  eventTypes: string[];
  headerPrefix: string;
  attempts: {
    key: string;
    at: string;
    type: string;
    outcome: string;
    ok: boolean;
    latency: string;
    retry: string | null;
  }[];
}

const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : null);

export function adaptWebhookSettings(
  config: WebhookConfigView | null,
  attempts: WebhookAttemptView[],
): WebhookSettingsView {
  return {
    configured: config !== null,
    url: config?.url ?? '',
    eventTypes: config?.event_types ?? ['verification', 'risk_increase', 'risk_decrease'],
    headerPrefix: config?.header_prefix ?? 'Service',
    attempts: attempts.map((a) => ({
      key: `${a.event_id}-${a.attempt}`,
      at: when(a.started_at) ?? '—',
      type: a.event_type,
      outcome: a.status_code !== null ? `HTTP ${a.status_code}` : a.outcome,
      ok: a.outcome === 'delivered',
      latency: a.latency_ms === null ? '—' : `${Math.round(a.latency_ms)} ms`,
      retry: when(a.next_retry_at),
    })),
  };
}
