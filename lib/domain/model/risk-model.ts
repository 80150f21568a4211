import type { Reason, ReasonCode, RiskAssessment } from '../risk';
import { contributions, predictLogistic, type LogisticModel } from './logistic-regression';

/**
 * A trained model as stored in models/*.json: the logistic regression, the thresholds that turn its
 * calibrated probability into a verdict, the reason code each feature stands for, and the metrics it
 * was trained to (see docs/RISK.md).
 */
export interface RiskModel extends LogisticModel {
  kind: 'signup' | 'payment';
  version: string;
  /** p < low → low_risk; p ≥ high → high_risk; in between → unknown_risk. */
  thresholds: { low: number; high: number };
  reasonCodes: Record<string, ReasonCode>;
  training: Record<string, unknown>;
}

/** A log-odds contribution above this names its feature's reason (≈ ×1.6 the odds). */
export const REASON_MIN_CONTRIBUTION = 0.5;
const MAX_FEATURE_REASONS = 2;

export interface ModelDecision {
  probability: number;
  riskAssessment: RiskAssessment;
  reasons: Reason[];
}

/** Scores `features` (by name; missing ones count as 0) and explains the verdict by its strongest features. */
export function modelDecision(model: RiskModel, features: Readonly<Record<string, number>>): ModelDecision {
  const x = model.features.map((name) => features[name] ?? 0);
  const probability = predictLogistic(model, x);
  const riskAssessment: RiskAssessment =
    probability >= model.thresholds.high
      ? 'high_risk'
      : probability < model.thresholds.low
        ? 'low_risk'
        : 'unknown_risk';
  const sign = riskAssessment === 'low_risk' ? -1 : 1;
  const drivers = contributions(model, x)
    .map((c, j) => ({ c: c * sign, code: model.reasonCodes[model.features[j] as string] }))
    .filter(
      (d): d is { c: number; code: ReasonCode } => d.code !== undefined && d.c > REASON_MIN_CONTRIBUTION,
    )
    .sort((a, b) => b.c - a.c);
  const codes = [...new Set(drivers.map((d) => d.code))]
    .filter((code) => code !== 'machine_learning_model')
    .slice(0, MAX_FEATURE_REASONS);
  const reasons: Reason[] =
    riskAssessment === 'unknown_risk'
      ? []
      : [
          { code: 'machine_learning_model', source: 'local' },
          ...codes.map((code): Reason => ({ code, source: 'local' })),
        ];
  return { probability, riskAssessment, reasons };
}
