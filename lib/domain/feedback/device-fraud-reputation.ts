import type { Reputation } from '../risk';
import {
  FRAUD_CONFIRMING_EVENTS,
  SUSPICION_EVENTS,
  TRUST_EVENTS,
  type FeedbackRecord,
} from './feedback-events';

/**
 * A device's fraud reputation from the feedback about it, newest last. `reset` forgets everything
 * before it; expired feedback no longer counts; confirmed fraud outweighs any trust.
 */
export function deviceFraudReputation(feedback: readonly FeedbackRecord[], now: number): Reputation {
  const lastReset = feedback.reduce(
    (at, f) => (f.event === 'reset' && f.occurredAt > at ? f.occurredAt : at),
    -1,
  );
  const live = feedback.filter(
    (f) => f.occurredAt >= lastReset && (f.expiresAt === null || f.expiresAt > now),
  );
  if (live.some((f) => FRAUD_CONFIRMING_EVENTS.has(f.event))) return 'confirmed_fraud';
  if (live.some((f) => SUSPICION_EVENTS.has(f.event))) return 'suspect';
  if (live.some((f) => TRUST_EVENTS.has(f.event))) return 'allowed';
  return 'unknown';
}
