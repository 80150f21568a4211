import { assessWorlds } from './assess-worlds';
import { fitModels, type RiskModels } from './fit-models';
import type { WorldRun } from './world-config';

/** The seed and version a model records for a training mix of worlds. */
export function trainingIdentity(runs: readonly WorldRun[]): { seed: string; version: string } {
  const seed = runs[0]?.seed ?? '';
  const devices = runs.reduce((n, r) => n + r.devices, 0);
  return { seed, version: `lr-${seed}-${runs.length}worlds-${devices}` };
}

/** `npm run train`: assess the training worlds and fit both models on them together. */
export async function trainModels(
  runs: readonly WorldRun[],
  log: (line: string) => void,
  jobs = 1,
): Promise<RiskModels> {
  const byWorld = await assessWorlds(runs, log, jobs);
  return fitModels([...byWorld.values()].flat(), trainingIdentity(runs));
}
