import { describe, expect, it } from 'vitest';
import type { RiskAssessment } from '../../../lib/domain/risk';
import { signupTransition } from '../../../lib/domain/signup/signup-transition';

describe('signupTransition (SPEC §3)', () => {
  const table: [RiskAssessment, RiskAssessment, string | null][] = [
    ['unknown_risk', 'low_risk', 'verification'],
    ['unknown_risk', 'high_risk', 'verification'],
    ['high_risk', 'low_risk', 'risk_decrease'],
    ['low_risk', 'high_risk', 'risk_increase'],
    ['low_risk', 'low_risk', null],
    ['high_risk', 'high_risk', null],
    ['unknown_risk', 'unknown_risk', null],
    ['low_risk', 'unknown_risk', null],
    ['high_risk', 'unknown_risk', null],
  ];
  it.each(table)('%s → %s notifies %s', (before, after, event) => {
    expect(signupTransition(before, after)).toBe(event);
  });
});
