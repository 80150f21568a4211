import {
  PAYMENT_APPROVE_EVENTS,
  PAYMENT_DECLINE_EVENTS,
  SIGNUP_FRAUD_EVENTS,
  SIGNUP_LEGIT_EVENTS,
} from '../contracts/console/review';

/** The verdicts an analyst can give and the feedback event each one is stored as (PRODUCT.md item 6). */
export interface DecisionOptionView {
  verdict: string;
  label: string;
  /** The key that picks this verdict on the case page. */
  key: string;
  tone: 'success' | 'danger';
  events: { value: string; label: string }[];
}

const EVENT_LABELS: Record<string, string> = {
  signup_accepted: 'Legitimate signup (signup_accepted)',
  verified: 'Identity verified (verified)',
  account_allowed: 'Allow the account (account_allowed)',
  device_allowed: 'Allow the device (device_allowed)',
  identity_fraud: 'Identity fraud (identity_fraud)',
  signup_declined: 'Declined signup (signup_declined)',
  promotion_abuse: 'Promotion abuse (promotion_abuse)',
  account_takeover: 'Account takeover (account_takeover)',
  payment_accepted: 'Approve the payment (payment_accepted)',
  payment_declined_by_manual_review: 'Decline after review (payment_declined_by_manual_review)',
};
const options = (events: readonly string[]) =>
  events.map((value) => ({ value, label: EVENT_LABELS[value] ?? value }));

export const SIGNUP_DECISIONS: DecisionOptionView[] = [
  { verdict: 'legit', label: 'Legit', key: 'l', tone: 'success', events: options(SIGNUP_LEGIT_EVENTS) },
  { verdict: 'fraud', label: 'Fraud', key: 'f', tone: 'danger', events: options(SIGNUP_FRAUD_EVENTS) },
];

export const PAYMENT_DECISIONS: DecisionOptionView[] = [
  {
    verdict: 'approve',
    label: 'Approve',
    key: 'a',
    tone: 'success',
    events: options(PAYMENT_APPROVE_EVENTS),
  },
  { verdict: 'decline', label: 'Decline', key: 'd', tone: 'danger', events: options(PAYMENT_DECLINE_EVENTS) },
];
