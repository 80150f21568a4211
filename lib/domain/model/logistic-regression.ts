import { solveLinear } from './linear-solve';

/** A standardised logistic regression: p = σ(bias + Σ wᵢ·(xᵢ − meanᵢ)/scaleᵢ). */
export interface LogisticModel {
  features: string[];
  means: number[];
  scales: number[];
  weights: number[];
  bias: number;
}

export interface TrainingOptions {
  /** L2 penalty on the standardised weights (not on the bias). */
  l2: number;
  /** Newton (IRLS) steps; it converges in ~10 on well-scaled data. */
  iterations: number;
  /**
   * Standardised weights the L2 penalty pulls towards (default 0): prior knowledge that holds where
   * the training rows say nothing (a kind of fraud they do not contain).
   */
  prior?: readonly number[];
}

export const sigmoid = (z: number): number =>
  z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));

/**
 * Fits the model by Newton's method on the penalised log-likelihood: deterministic (no random
 * initialisation, no shuffling), so the same rows always give the same weights.
 */
export function trainLogistic(
  features: readonly string[],
  rows: readonly (readonly number[])[],
  labels: readonly number[],
  options: TrainingOptions,
): LogisticModel {
  const d = features.length;
  const means = features.map(
    (_, j) => rows.reduce((s, r) => s + (r[j] as number), 0) / Math.max(1, rows.length),
  );
  const scales = features.map((_, j) => {
    const v =
      rows.reduce((s, r) => s + ((r[j] as number) - (means[j] as number)) ** 2, 0) / Math.max(1, rows.length);
    return Math.sqrt(v) > 1e-9 ? Math.sqrt(v) : 1;
  });
  const z = rows.map((r) => [1, ...r.map((x, j) => (x - (means[j] as number)) / (scales[j] as number))]);
  let beta = new Array<number>(d + 1).fill(0);
  for (let it = 0; it < options.iterations; it += 1) {
    const grad = new Array<number>(d + 1).fill(0);
    const hess = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    z.forEach((x, i) => {
      const p = sigmoid(dot(beta, x));
      const err = p - (labels[i] as number);
      const w = Math.max(p * (1 - p), 1e-9);
      for (let a = 0; a <= d; a += 1) {
        grad[a] = (grad[a] as number) + err * (x[a] as number);
        const ha = hess[a] as number[];
        for (let b = a; b <= d; b += 1) ha[b] = (ha[b] as number) + w * (x[a] as number) * (x[b] as number);
      }
    });
    for (let a = 0; a <= d; a += 1) {
      for (let b = 0; b < a; b += 1) (hess[a] as number[])[b] = (hess[b] as number[])[a] as number;
      if (a > 0) {
        const target = options.prior?.[a - 1] ?? 0;
        grad[a] = (grad[a] as number) + options.l2 * ((beta[a] as number) - target);
        (hess[a] as number[])[a] = ((hess[a] as number[])[a] as number) + options.l2;
      }
    }
    const step = solveLinear(hess, grad);
    if (!step) break;
    beta = beta.map((b, k) => b - (step[k] as number));
    if (Math.max(...step.map(Math.abs)) < 1e-8) break;
  }
  return { features: [...features], means, scales, weights: beta.slice(1), bias: beta[0] as number };
}

function dot(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i += 1) s += (a[i] as number) * (b[i] as number);
  return s;
}

/** Each feature's share of the log-odds, relative to the training mean (positive pushes towards fraud). */
export function contributions(model: LogisticModel, x: readonly number[]): number[] {
  return model.weights.map(
    (w, j) => (w * ((x[j] as number) - (model.means[j] as number))) / (model.scales[j] as number),
  );
}

export function predictLogistic(model: LogisticModel, x: readonly number[]): number {
  return sigmoid(model.bias + contributions(model, x).reduce((s, c) => s + c, 0));
}
