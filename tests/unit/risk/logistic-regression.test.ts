import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solveLinear } from '../../../lib/domain/model/linear-solve';
import { predictLogistic, trainLogistic } from '../../../lib/domain/model/logistic-regression';
import { modelDecision, type RiskModel } from '../../../lib/domain/model/risk-model';
import { auc, tprAtFpr } from '../../../lib/eval/ranking-metrics';

describe('logistic regression', () => {
  it('solves linear systems', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 3, maxLength: 3 }),
        (x) => {
          const a = [
            [4, 1, 0],
            [1, 3, 1],
            [0, 1, 2],
          ];
          const b = a.map((row) => row.reduce((s, v, j) => s + v * x[j]!, 0));
          const solved = solveLinear(a, b)!;
          solved.forEach((v, j) => expect(v).toBeCloseTo(x[j]!, 6));
        },
      ),
    );
  });

  it('learns a noisy threshold, deterministically, with calibrated probabilities', () => {
    const rows: number[][] = [];
    const labels: number[] = [];
    for (let i = 0; i < 400; i += 1) {
      const x = (i % 100) / 10;
      rows.push([x, (i * 7) % 3]);
      labels.push(x > 5 ? (i % 11 === 0 ? 0 : 1) : i % 11 === 0 ? 1 : 0);
    }
    const a = trainLogistic(['x', 'noise'], rows, labels, { l2: 1, iterations: 50 });
    const b = trainLogistic(['x', 'noise'], rows, labels, { l2: 1, iterations: 50 });
    expect(a).toEqual(b);
    expect(a.weights[0]!).toBeGreaterThan(1);
    expect(Math.abs(a.weights[1]!)).toBeLessThan(0.5);
    expect(predictLogistic(a, [9, 0])).toBeGreaterThan(0.8);
    // Calibration in the large: with an unpenalised bias the mean probability equals the fraud rate.
    const meanP = rows.reduce((sum, r) => sum + predictLogistic(a, r), 0) / rows.length;
    const rate = labels.reduce((sum, l) => sum + l, 0) / labels.length;
    expect(Math.abs(meanP - rate)).toBeLessThan(0.005);
    expect(predictLogistic(a, [1, 0])).toBeLessThan(0.2);
  });

  it('turns probabilities into verdicts and names the features that drove them', () => {
    const model: RiskModel = {
      kind: 'signup',
      version: 't',
      features: ['distance', 'accounts'],
      means: [0, 0],
      scales: [1, 1],
      weights: [3, 0.1],
      bias: 0,
      thresholds: { low: 0.1, high: 0.5 },
      reasonCodes: { distance: 'address_verification', accounts: 'multiple_accounts' },
      training: {},
    };
    const high = modelDecision(model, { distance: 2, accounts: 1 });
    expect(high.riskAssessment).toBe('high_risk');
    expect(high.reasons.map((r) => r.code)).toEqual(['machine_learning_model', 'address_verification']);
    expect(modelDecision(model, { distance: -2 }).riskAssessment).toBe('low_risk');
    expect(modelDecision(model, { distance: -0.3 }).riskAssessment).toBe('unknown_risk');
  });

  it('names at most two reasons, strongest first, each once, only those the evidence bears out', () => {
    const model: RiskModel = {
      kind: 'payment',
      version: 't',
      features: ['far', 'farther', 'model', 'accounts', 'installs', 'weak'],
      means: [0, 0, 0, 0, 0, 0],
      scales: [1, 1, 1, 1, 1, 1],
      weights: [2, 3, 5, 1.5, 1, 0.4],
      bias: 0,
      thresholds: { low: 0.1, high: 0.5 },
      reasonCodes: {
        far: 'trusted_location',
        farther: 'trusted_location',
        model: 'machine_learning_model',
        accounts: 'multiple_accounts',
        installs: 'multiple_installations',
        weak: 'device_integrity',
      },
      training: {},
    };
    const features = { far: 1, farther: 1, model: 1, accounts: 1, installs: 1, weak: 1 };
    const codes = (check?: (code: string) => boolean) =>
      modelDecision(model, features, check ? (code) => check(code) : undefined).reasons.map((r) => r.code);
    // Effects 5 (the model's own), 3 and 2 (one code), 1.5, 1 and 0.4 (below REASON_MIN_CONTRIBUTION).
    expect(codes()).toEqual(['machine_learning_model', 'trusted_location', 'multiple_accounts']);
    expect(codes((code) => code !== 'trusted_location')).toEqual([
      'machine_learning_model',
      'multiple_accounts',
      'multiple_installations',
    ]);
    expect(codes(() => false)).toEqual(['machine_learning_model']);
    // Towards low risk the negative effects count.
    expect(modelDecision(model, { far: -2 }).reasons.map((r) => r.code)).toEqual([
      'machine_learning_model',
      'trusted_location',
    ]);
  });

  it('computes AUC and TPR at a false-positive rate', () => {
    expect(auc([0.9, 0.8], [0.1, 0.2])).toBe(1);
    expect(auc([0.5], [0.5])).toBe(0.5);
    expect(auc([0.1], [0.9])).toBe(0);
    const negatives = Array.from({ length: 100 }, (_, i) => i / 100);
    expect(tprAtFpr([0.995, 0.5], negatives, 0.01)).toBe(0.5);
  });
});
