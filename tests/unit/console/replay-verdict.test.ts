import { describe, expect, it } from 'vitest';
import type { Explanation } from '../../../lib/contracts/console/explanation';
import { replayVerdict } from '../../../lib/db/console/backtest';

const explanation = (probability: number, thinEvidence: string | null): Explanation => ({
  probability,
  decidedBy: 'model',
  thresholds: { low: 0.3, high: 0.8 },
  modelVersion: 'm',
  contributions: [],
  rules: [],
  thinEvidence,
});
const t = { low: 0.3, high: 0.8 };

describe('replaying a model verdict under other thresholds', () => {
  it('keeps a disputed low risk unknown (no trusted place), as the engine does, and lets it rise to high', () => {
    expect(replayVerdict(explanation(0.1, 'no_trusted_place'), t, 'unknown_risk')).toBe('unknown_risk');
    expect(replayVerdict(explanation(0.9, 'no_trusted_place'), t, 'unknown_risk')).toBe('high_risk');
  });

  it('keeps a disputed high risk unknown (present at the address now) and lets it fall to low', () => {
    expect(replayVerdict(explanation(0.9, 'present_at_address_now'), t, 'unknown_risk')).toBe('unknown_risk');
    expect(replayVerdict(explanation(0.1, 'present_at_address_now'), t, 'unknown_risk')).toBe('low_risk');
    expect(replayVerdict(explanation(0.1, null), t, 'unknown_risk')).toBe('low_risk');
    expect(replayVerdict(explanation(0.5, null), t, 'low_risk')).toBe('unknown_risk');
  });
});
