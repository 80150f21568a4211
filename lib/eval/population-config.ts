/** Fixed populations: training and evaluation never share a seed (docs/RISK.md). */
export const TRAIN_SEED = 'locus-train-2026-01';
export const EVAL_SEED = 'locus-eval-2026-01';
/** The simulations' "now" (fixed, so runs are reproducible). */
export const SIMULATION_NOW = Date.UTC(2026, 0, 15, 12);
export const DEFAULT_TRAIN_DEVICES = 2_500;
export const DEFAULT_EVAL_DEVICES = 2_500;
