/** Feedback events in plain words (the event name stays visible in detail views). */
const FEEDBACK_LABELS: Record<string, string> = {
  signup_accepted: 'signup accepted',
  signup_declined: 'signup declined',
  payment_accepted: 'payment accepted',
  payment_declined: 'payment declined',
  payment_declined_by_manual_review: 'declined after review',
  login_accepted: 'login accepted',
  login_declined: 'login declined',
  verified: 'identity verified',
  identity_fraud: 'identity fraud',
  account_takeover: 'account takeover',
  chargeback: 'chargeback',
  chargeback_notification: 'chargeback notice',
  promotion_abuse: 'promotion abuse',
  account_allowed: 'account allowed',
  device_allowed: 'device allowed',
};

export const feedbackLabel = (event: string) => FEEDBACK_LABELS[event] ?? event.replaceAll('_', ' ');
