import os from 'node:os';
import { WORLDS } from '../sim/world/worlds';

/**
 * Which worlds the committed models learn from and which they never see (docs/RISK.md §7). The held-out
 * ones are those most like the populations we are judged on: the trajectory study, clocks far from the
 * sun, the antimeridian.
 */
export const HELD_OUT_WORLDS = ['trajectory_study', 'clocks_far_east', 'antimeridian'] as const;
export const TRAINING_WORLDS = WORLDS.map((w) => w.name).filter(
  (name) => !(HELD_OUT_WORLDS as readonly string[]).includes(name),
);

/** Training and evaluation never share a seed. */
export const WORLD_TRAIN_SEED = 'locus-world-train-2026-04';
export const WORLD_EVAL_SEED = 'locus-world-eval-2026-04';
/**
 * The simulations' "now": a Friday in April 2026, so that histories span the European (29 March) and
 * southern (5 April) DST changes. Fixed, so runs are reproducible.
 */
export const WORLD_NOW = Date.UTC(2026, 3, 10, 12);
/** Installations per world by default; the trajectory world is smaller (its loggers record ~10× more fixes). */
export const DEFAULT_WORLD_DEVICES = 250;
export const TRAJECTORY_WORLD_SHARE = 0.5;
/** Worlds assessed at once (worker threads): the two cores the project is sized for. */
export const DEFAULT_JOBS = Math.min(2, os.availableParallelism());

export interface WorldRun {
  world: string;
  seed: string;
  devices: number;
}

/** The runs for `worlds` at `devices` installations each (the trajectory world at half). */
export function worldRuns(worlds: readonly string[], seed: string, devices: number): WorldRun[] {
  return worlds.map((world) => ({
    world,
    seed,
    devices: world === 'trajectory_study' ? Math.round(devices * TRAJECTORY_WORLD_SHARE) : devices,
  }));
}
