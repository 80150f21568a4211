import type { Realism } from '../sim/realism';

/** Fixed populations: training and evaluation never share a seed (docs/RISK.md). */
export const TRAIN_SEED = 'locus-train-2026-01';
export const EVAL_SEED = 'locus-eval-2026-01';
/** The hard population (lib/sim/realism.ts): its own training seed and an evaluation seed never trained on. */
export const HARD_TRAIN_SEED = 'locus-train-hard-2026-01';
export const HARD_EVAL_SEED = 'locus-eval-hard-2026-01';
/** The simulations' "now" (fixed, so runs are reproducible). */
export const SIMULATION_NOW = Date.UTC(2026, 0, 15, 12);
export const DEFAULT_TRAIN_DEVICES = 2_500;
export const DEFAULT_EVAL_DEVICES = 2_500;

export interface PopulationSpec {
  seed: string;
  realism: Realism;
  devices: number;
}

/** What `npm run train` fits on: the default population and the hard one, in equal parts. */
export function trainingPopulations(devices: number): PopulationSpec[] {
  return [
    { seed: TRAIN_SEED, realism: 'default', devices },
    { seed: HARD_TRAIN_SEED, realism: 'hard', devices },
  ];
}
