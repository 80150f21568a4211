/** The feedback vocabulary real clients send (PRODUCT.md item 6). */
export const FEEDBACK_EVENTS = [
  'signup_accepted',
  'signup_declined',
  'payment_accepted',
  'payment_accepted_by_third_party',
  'payment_accepted_by_control_group',
  'payment_declined',
  'payment_declined_by_risk_analysis',
  'payment_declined_by_manual_review',
  'payment_declined_by_business',
  'payment_declined_by_acquirer',
  'login_accepted',
  'login_declined',
  'verified',
  'identity_fraud',
  'account_takeover',
  'chargeback_notification',
  'chargeback',
  'promotion_abuse',
  'account_allowed',
  'device_allowed',
  'reset',
] as const;
export type FeedbackEvent = (typeof FEEDBACK_EVENTS)[number];

const KNOWN_EVENTS: ReadonlySet<string> = new Set(FEEDBACK_EVENTS);
/** Other clients' events are stored as sent but mean nothing to the engine. */
export function isFeedbackEvent(event: string): event is FeedbackEvent {
  return KNOWN_EVENTS.has(event);
}

/** Feedback that confirms fraud committed from a device. */
export const FRAUD_CONFIRMING_EVENTS: ReadonlySet<FeedbackEvent> = new Set([
  'identity_fraud',
  'account_takeover',
  'chargeback',
  'chargeback_notification',
  'promotion_abuse',
]);

/** Feedback that vouches for a device or its user. */
export const TRUST_EVENTS: ReadonlySet<FeedbackEvent> = new Set([
  'verified',
  'account_allowed',
  'device_allowed',
  'signup_accepted',
]);

/** Feedback that casts doubt without confirming fraud. */
export const SUSPICION_EVENTS: ReadonlySet<FeedbackEvent> = new Set([
  'signup_declined',
  'payment_declined_by_manual_review',
  'payment_declined_by_risk_analysis',
  'login_declined',
]);

export interface FeedbackRecord {
  event: FeedbackEvent;
  occurredAt: number;
  expiresAt: number | null;
}
