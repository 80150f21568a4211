import type { Reason, ReasonCode, RiskAssessment } from '../risk';
import type { Contribution } from '../verdict/explanation';
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

/**
 * Whether the evidence shown with a verdict bears a reason code out in the verdict's direction
 * (`towardsRisk`: the reason explains a high_risk; otherwise a low_risk). A reason the evidence
 * contradicts — `trusted_location` against a payment made at a trusted place — is never given.
 */
export type ReasonCheck = (code: ReasonCode, towardsRisk: boolean) => boolean;
const ANY_REASON: ReasonCheck = () => true;

export interface ModelDecision {
  probability: number;
  riskAssessment: RiskAssessment;
  reasons: Reason[];
  /** Every feature's contribution, in model order. */
  contributions: Contribution[];
}

/**
 * Scores `features` (by name; missing ones count as 0) and explains the verdict by the features that
 * pushed it its way by more than REASON_MIN_CONTRIBUTION, when the evidence agrees (`check`). Features
 * named in `unknown` carry no evidence (measured against an address nobody could place): they sit at
 * the training mean, so they add nothing either way.
 */
export function modelDecision(
  model: RiskModel,
  features: Readonly<Record<string, number>>,
  check: ReasonCheck = ANY_REASON,
  unknown: readonly string[] = [],
): ModelDecision {
  const x = model.features.map((name, j) =>
    unknown.includes(name) ? (model.means[j] as number) : (features[name] ?? 0),
  );
  const probability = predictLogistic(model, x);
  const riskAssessment: RiskAssessment =
    probability >= model.thresholds.high
      ? 'high_risk'
      : probability < model.thresholds.low
        ? 'low_risk'
        : 'unknown_risk';
  const all = contributions(model, x).map((effect, j): Contribution => ({
    feature: model.features[j] as string,
    value: round(x[j] as number),
    effect: round(effect),
    reason: model.reasonCodes[model.features[j] as string] ?? 'machine_learning_model',
  }));
  if (riskAssessment === 'unknown_risk')
    return { probability, riskAssessment, reasons: [], contributions: all };
  const towardsRisk = riskAssessment === 'high_risk';
  // Loops over literal arrays, not a chain of filter, sort, map and Set copies: the arrays those made
  // were empty or not with the data, each a different map, and every new one deoptimised the scoring
  // of signups and payments alike, which TurboFan then compiled again (12 ms and more each time).
  const significant: Contribution[] = [];
  for (const c of all)
    if ((towardsRisk ? c.effect : -c.effect) > REASON_MIN_CONTRIBUTION) significant.push(c);
  significant.sort((a, b) => Math.abs(b.effect) - Math.abs(a.effect));
  // The strongest first, each code once, as many as MAX_FEATURE_REASONS; `check` asked in that order.
  const reasons: Reason[] = [{ code: 'machine_learning_model', source: 'local' }];
  const named = new Set<ReasonCode>();
  for (const { reason } of significant) {
    if (reason === 'machine_learning_model' || !check(reason, towardsRisk) || named.has(reason)) continue;
    named.add(reason);
    if (named.size > MAX_FEATURE_REASONS) break;
    reasons.push({ code: reason, source: 'local' });
  }
  return { probability, riskAssessment, reasons, contributions: all };
}

/** Four decimals: enough to read and to re-add, small enough to store with every assessment. */
const round = (v: number) => Math.round(v * 1e4) / 1e4;
