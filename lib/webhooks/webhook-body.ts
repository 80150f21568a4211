import type { RiskAssessment } from '../domain/risk';
import type { SignupEvidence } from '../domain/signup/signup-evidence';
import type { WebhookEventType } from '../domain/signup/signup-transition';

/** The evidence fields a webhook carries (SPEC §2.4, last paragraph). */
const WEBHOOK_EVIDENCE_FIELDS = [
  'device_model',
  'geocode_quality',
  'location_events_near_address',
  'location_events_quantity',
  'location_services',
  'device_integrity',
] as const satisfies readonly (keyof SignupEvidence)[];

export interface SignupChangeEvent {
  eventId: string;
  signupId: string;
  installationId: string;
  eventType: WebhookEventType;
  before: RiskAssessment;
  after: RiskAssessment;
  triggeredAt: number;
  evidence: SignupEvidence;
}

/**
 * The body of a signup change notification (SPEC §6.1), serialised once: this exact string is stored
 * in the outbox, sent on every attempt and signed.
 */
export function webhookBody(e: SignupChangeEvent): string {
  const evidence = Object.fromEntries(
    WEBHOOK_EVIDENCE_FIELDS.filter((f) => e.evidence[f] !== undefined).map((f) => [f, e.evidence[f]]),
  );
  return JSON.stringify({
    event_id: e.eventId,
    signup_id: e.signupId,
    installation_id: e.installationId,
    event_type: e.eventType,
    risk_assessment_before: e.before,
    risk_assessment_after: e.after,
    triggered_at: new Date(e.triggeredAt).toISOString(),
    evidence,
  });
}

/** A test notification (`locus webhook test`, the console's "send test event"): same headers, its own type. */
export function testWebhookBody(eventId: string, now: number): string {
  return JSON.stringify({
    event_id: eventId,
    event_type: 'test',
    triggered_at: new Date(now).toISOString(),
    message: 'Locus webhook test: verify the signature and answer 2xx.',
  });
}
