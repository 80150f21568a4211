import { generatePopulation } from '../sim/generate-population';
import { progressReporter } from '../sim/progress-reporter';
import type { AssessedRow } from './assessed-row';
import { assessPopulation } from './assess-population';
import { SIMULATION_NOW, type PopulationSpec } from './population-config';

/** Generates the population of `spec` and plays it through the real use-cases (assess-population.ts). */
export async function assessSimulated(
  spec: PopulationSpec,
  label: string,
  log: (line: string) => void,
): Promise<AssessedRow[]> {
  log(`${label}: generating ${spec.devices} devices (seed ${spec.seed}, ${spec.realism})`);
  const population = generatePopulation({
    seed: spec.seed,
    now: SIMULATION_NOW,
    devices: spec.devices,
    realism: spec.realism,
  });
  const progress = progressReporter(`${label}: assessing`, population.devices.length, log, 10);
  return assessPopulation(population, (done) => progress(done));
}
