import { trainLogistic, type LogisticModel, type TrainingOptions } from './logistic-regression';

/** The direction a feature may push the risk: +1 only up, −1 only down, 0 either way. */
export type FeatureSign = -1 | 0 | 1;

/**
 * A logistic regression whose weights respect the given signs (monotone in each signed feature). Active
 * set: fit, and while some weight has the wrong sign, drop the most wrong feature (weight 0) and refit.
 * On collinear features an unconstrained fit happily learns "farther from the trusted places is safer"
 * because another distance carries the signal; a population we did not write would pay for that.
 * Deterministic, like trainLogistic.
 */
export function trainSignConstrained(
  features: readonly string[],
  rows: readonly (readonly number[])[],
  labels: readonly number[],
  options: TrainingOptions,
  signs: Readonly<Record<string, FeatureSign>>,
  /** Prior log-odds per unit of each feature (raw units), standardised here; absent means 0. */
  priors: Readonly<Record<string, number>> = {},
): LogisticModel {
  const full = trainLogistic(features, rows, labels, { ...options, iterations: 0 });
  const prior = features.map((f, j) => (priors[f] ?? 0) * (full.scales[j] as number));
  let active = features.map((_, j) => j);
  for (;;) {
    const model = trainLogistic(
      active.map((j) => features[j] as string),
      rows.map((r) => active.map((j) => r[j] as number)),
      labels,
      { ...options, prior: active.map((j) => prior[j] as number) },
    );
    let worst = -1;
    let worstBy = 0;
    active.forEach((j, k) => {
      const by = -(signs[features[j] as string] ?? 0) * (model.weights[k] as number);
      if (by > worstBy) [worst, worstBy] = [j, by];
    });
    if (worst < 0) {
      const weights = features.map((_, j) => {
        const k = active.indexOf(j);
        return k < 0 ? 0 : (model.weights[k] as number);
      });
      return { ...full, weights, bias: model.bias };
    }
    active = active.filter((j) => j !== worst);
  }
}
