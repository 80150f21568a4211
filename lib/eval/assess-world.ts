import { progressReporter } from '../sim/progress-reporter';
import { generateWorld } from '../sim/world/generate-world';
import { worldNamed } from '../sim/world/worlds';
import type { AssessedRow } from './assessed-row';
import { assessPopulation } from './assess-population';
import { WORLD_NOW, type WorldRun } from './world-config';

/** Generates one world and plays it through the real use-cases (assess-population.ts), logging progress. */
export async function assessWorld(
  run: WorldRun,
  label: string,
  log: (line: string) => void,
): Promise<AssessedRow[]> {
  const started = Date.now();
  log(`${label}: generating ${run.devices} installations (seed ${run.seed})`);
  const population = generateWorld(worldNamed(run.world), {
    seed: run.seed,
    now: WORLD_NOW,
    devices: run.devices,
  });
  const events = population.devices.reduce((n, d) => n + d.events.length, 0);
  const progress = progressReporter(
    `${label}: assessing ${events} fixes`,
    population.devices.length,
    log,
    20,
  );
  const refused = new Map<string, number>();
  const rows = await assessPopulation(population, {
    onProgress: (done) => progress(done),
    onRejected: (error) => refused.set(error, (refused.get(error) ?? 0) + 1),
  });
  if (refused.size > 0)
    log(`${label}: the service refused fixes: ${JSON.stringify(Object.fromEntries(refused))}`);
  log(`${label}: done in ${Math.round((Date.now() - started) / 1000)} s`);
  return rows;
}
