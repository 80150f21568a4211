import { describe, expect, it } from 'vitest';
import { deviceFraudReputation } from '../../../lib/domain/feedback/device-fraud-reputation';
import type { FeedbackRecord } from '../../../lib/domain/feedback/feedback-events';

const at = (
  event: FeedbackRecord['event'],
  occurredAt: number,
  expiresAt: number | null = null,
): FeedbackRecord => ({
  event,
  occurredAt,
  expiresAt,
});

describe('deviceFraudReputation', () => {
  it('is unknown without feedback', () => expect(deviceFraudReputation([], 10)).toBe('unknown'));
  it('confirms fraud over any trust', () =>
    expect(deviceFraudReputation([at('verified', 1), at('chargeback', 2), at('device_allowed', 3)], 10)).toBe(
      'confirmed_fraud',
    ));
  it('is suspect after a declined signup', () =>
    expect(deviceFraudReputation([at('signup_declined', 1)], 10)).toBe('suspect'));
  it('is allowed after a verification', () =>
    expect(deviceFraudReputation([at('verified', 1)], 10)).toBe('allowed'));
  it('forgets everything before a reset', () =>
    expect(deviceFraudReputation([at('identity_fraud', 1), at('reset', 2)], 10)).toBe('unknown'));
  it('ignores expired feedback', () =>
    expect(deviceFraudReputation([at('account_takeover', 1, 5)], 10)).toBe('unknown'));
});
