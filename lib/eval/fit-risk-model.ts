import { predictLogistic } from '../domain/model/logistic-regression';
import { trainSignConstrained, type FeatureSign } from '../domain/model/sign-constrained-logistic';
import type { RiskModel } from '../domain/model/risk-model';
import type { ReasonCode } from '../domain/risk';
import type { AssessedRow } from './assessed-row';
import { auc, calibration, thresholdAtFpr } from './ranking-metrics';

/** L2 penalty on standardised weights (towards the priors): firm enough that near-separable simulator features do not take over. */
export const L2_PENALTY = 10;
/** Thresholds on the training honest rows: high_risk flags at most 0.5 % (half the 1 % target: a margin for worlds never trained on), low_risk leaves out at most 3 %. */
export const HIGH_RISK_FPR = 0.005;
export const LOW_RISK_HONEST_SHARE = 0.97;
/** …but never below this: on separable data the honest quantile collapses towards 0. */
export const LOW_RISK_MIN_THRESHOLD = 0.1;

export interface FitOptions {
  kind: 'signup' | 'payment';
  features: readonly string[];
  reasonCodes: Record<string, ReasonCode>;
  /** Monotone constraints per feature (sign-constrained-logistic.ts). */
  signs: Record<string, FeatureSign>;
  /** Prior log-odds per feature unit the penalty pulls towards (sign-constrained-logistic.ts). */
  priors: Record<string, number>;
  /** L2 penalty; default L2_PENALTY. */
  l2?: number;
  seed: string;
  version: string;
}

/**
 * Fits the model on the rows the model decides in production (rules and thin evidence excluded),
 * holding out every 4th row to measure AUC and calibration, then refits on all of them.
 */
export function fitRiskModel(rows: readonly AssessedRow[], o: FitOptions): RiskModel {
  const usable = rows.filter((r) => r.decidedBy === 'model');
  const x = (r: AssessedRow) => o.features.map((f) => r.features[f] ?? 0);
  const y = (r: AssessedRow) => (r.label === 'fraud' ? 1 : 0);
  const fitRows = usable.filter((_, i) => i % 4 !== 0);
  const holdout = usable.filter((_, i) => i % 4 === 0);
  const l2 = o.l2 ?? L2_PENALTY;
  const options = { l2, iterations: 50 };
  const train = (rs: readonly AssessedRow[]) =>
    trainSignConstrained(o.features, rs.map(x), rs.map(y), options, o.signs, o.priors);
  const heldModel = train(fitRows);
  const heldP = holdout.map((r) => predictLogistic(heldModel, x(r)));
  const heldY = holdout.map(y);
  const model = train(usable);
  const p = usable.map((r) => predictLogistic(model, x(r)));
  const honestP = p.filter((_, i) => usable[i]!.label === 'honest');
  const high = Math.min(0.99, Math.max(0.5, thresholdAtFpr(honestP, HIGH_RISK_FPR) + 1e-6));
  const low = Math.min(
    high,
    Math.max(LOW_RISK_MIN_THRESHOLD, quantile(honestP, LOW_RISK_HONEST_SHARE) + 1e-6),
  );
  return {
    kind: o.kind,
    version: o.version,
    ...model,
    thresholds: { low: round(low, 6), high: round(high, 6) },
    reasonCodes: Object.fromEntries(o.features.map((f) => [f, o.reasonCodes[f] as ReasonCode])),
    training: {
      seed: o.seed,
      rows: usable.length,
      fraudRows: usable.filter((r) => r.label === 'fraud').length,
      l2,
      monotone: true,
      holdoutAuc: round(
        auc(
          heldP.filter((_, i) => heldY[i] === 1),
          heldP.filter((_, i) => heldY[i] === 0),
        ) ?? 0,
        4,
      ),
      holdoutBrier: round(calibration(heldP, heldY).brier, 4),
      holdoutEce: round(calibration(heldP, heldY).ece, 4),
      trainAuc: round(
        auc(
          p.filter((_, i) => y(usable[i]!) === 1),
          honestP,
        ) ?? 0,
        4,
      ),
    },
  };
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0.5;
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
