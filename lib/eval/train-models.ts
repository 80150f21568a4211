import type { AssessedRow } from './assessed-row';
import { assessSimulated } from './assess-simulated';
import { fitModels, type RiskModels } from './fit-models';
import type { PopulationSpec } from './population-config';

/** The training rows of every population in `specs`, assessed one after the other. */
export async function assessTrainingRows(
  specs: readonly PopulationSpec[],
  log: (line: string) => void,
): Promise<AssessedRow[]> {
  const rows: AssessedRow[] = [];
  for (const spec of specs) rows.push(...(await assessSimulated(spec, `train ${spec.realism}`, log)));
  return rows;
}

/** The seed and version a model records for a training mix. */
export function trainingIdentity(specs: readonly PopulationSpec[]): { seed: string; version: string } {
  const seed = specs.map((s) => s.seed).join('+');
  return { seed, version: `lr-${seed}-${specs.map((s) => s.devices).join('+')}` };
}

/** `npm run train`: assess the training mix and fit both models on it. */
export async function trainModels(
  specs: readonly PopulationSpec[],
  log: (line: string) => void,
): Promise<RiskModels> {
  return fitModels(await assessTrainingRows(specs, log), trainingIdentity(specs));
}
