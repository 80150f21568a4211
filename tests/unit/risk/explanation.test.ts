import { describe, expect, it } from 'vitest';
import { predictLogistic } from '../../../lib/domain/model/logistic-regression';
import type { RiskModel } from '../../../lib/domain/model/risk-model';
import { MAX_CONTRIBUTIONS } from '../../../lib/domain/verdict/explanation';
import { rulesThenModel } from '../../../lib/domain/verdict/rules-then-model';

const FEATURES = ['distance', 'accounts', 'presence', 'a', 'b', 'c', 'd', 'e', 'f', 'g'];

const model: RiskModel = {
  kind: 'signup',
  version: 'test-1',
  features: FEATURES,
  means: FEATURES.map(() => 0.5),
  scales: FEATURES.map(() => 1),
  weights: [3, 0.8, -2, 0.1, 0.2, 0.3, 0.05, 0.15, 0.25, 0],
  bias: -1,
  thresholds: { low: 0.1, high: 0.5 },
  reasonCodes: {
    distance: 'address_verification',
    accounts: 'multiple_accounts',
    presence: 'address_verification',
  },
  training: {},
};

const input = (overrides: Record<string, number>) => ({
  ...Object.fromEntries(FEATURES.map((f) => [f, 0.5])),
  ...overrides,
});

describe('explanation of an assessment', () => {
  it('carries the probability and the strongest contributions, which re-add to the log-odds', () => {
    const features = input({ distance: 2.5, accounts: 2, presence: 0, a: 3, b: 1, c: 0, d: 4, e: 2, f: 1 });
    const decision = rulesThenModel([], null, model, features);
    const e = decision.explanation;
    expect(e).toMatchObject({ decidedBy: 'model', modelVersion: 'test-1', rules: [], thinEvidence: null });
    expect(e.thresholds).toEqual({ low: 0.1, high: 0.5 });
    expect(e.probability).toBeCloseTo(
      predictLogistic(
        model,
        FEATURES.map((f) => features[f] as number),
      ),
      6,
    );
    expect(e.contributions.length).toBe(MAX_CONTRIBUTIONS);
    const abs = e.contributions.map((c) => Math.abs(c.effect));
    expect(abs).toEqual([...abs].sort((x, y) => y - x));
    expect(e.contributions[0]).toEqual({
      feature: 'distance',
      value: 2.5,
      effect: 6,
      reason: 'address_verification',
    });
    // A feature without a reason of its own stands for the model; a zero weight contributes nothing.
    expect(e.contributions.find((c) => c.feature === 'a')?.reason).toBe('machine_learning_model');
    expect(e.contributions.some((c) => c.feature === 'g')).toBe(false);
    // The one non-zero contribution left out is weaker than every one kept.
    const logit = Math.log(decision.probability / (1 - decision.probability));
    const leftOut = logit - model.bias - e.contributions.reduce((s, c) => s + c.effect, 0);
    expect(Math.abs(leftOut)).toBeGreaterThan(0);
    expect(Math.abs(leftOut)).toBeLessThanOrEqual(Math.min(...abs) + 1e-3);
  });

  it('records the rules that decided, and the model probability beside them', () => {
    const rules = [{ code: 'device_integrity' as const, source: 'local' as const }];
    const decision = rulesThenModel(rules, null, model, input({ distance: 0 }));
    expect(decision.riskAssessment).toBe('high_risk');
    expect(decision.explanation).toMatchObject({ decidedBy: 'rules', rules, thinEvidence: null });
    expect(decision.explanation.probability).toBeLessThan(0.5);
  });

  it('says why the evidence was too thin for a verdict', () => {
    const decision = rulesThenModel([], 'no_declared_point', model, input({}));
    expect(decision.riskAssessment).toBe('unknown_risk');
    expect(decision.explanation).toMatchObject({
      decidedBy: 'thin_evidence',
      rules: [],
      thinEvidence: 'no_declared_point',
    });
  });

  it('names a reason only when its feature pushed the verdict its way and the evidence bears it out', () => {
    const high = rulesThenModel([], null, model, input({ distance: 3, accounts: 3, presence: 0.5 }));
    expect(high.riskAssessment).toBe('high_risk');
    expect(high.reasons.map((r) => r.code)).toEqual([
      'machine_learning_model',
      'address_verification',
      'multiple_accounts',
    ]);
    const contradicted = rulesThenModel(
      [],
      null,
      model,
      input({ distance: 3, accounts: 3 }),
      (code) => code !== 'address_verification',
    );
    expect(contradicted.reasons.map((r) => r.code)).toEqual(['machine_learning_model', 'multiple_accounts']);
    // Presence lowered the risk of a low_risk verdict: its reason is named; accounts pushed up, not named.
    const low = rulesThenModel([], null, model, input({ distance: 0, presence: 2, accounts: 0.8 }));
    expect(low.riskAssessment).toBe('low_risk');
    expect(low.reasons.map((r) => r.code)).toEqual(['machine_learning_model', 'address_verification']);
  });
});
