import { progressReporter } from '../sim/progress-reporter';
import { generateWorld } from '../sim/world/generate-world';
import { worldNamed } from '../sim/world/worlds';
import type { AssessedRow } from './assessed-row';
import { assessPopulation } from './assess-population';
import { WORLD_NOW, type WorldRun } from './world-config';

/** Generates each world of `runs` and plays it through the real use-cases (assess-population.ts), in turn. */
export async function assessWorlds(
  runs: readonly WorldRun[],
  log: (line: string) => void,
): Promise<Map<string, AssessedRow[]>> {
  const out = new Map<string, AssessedRow[]>();
  for (const [i, run] of runs.entries()) {
    const label = `[${i + 1}/${runs.length}] ${run.world}`;
    const started = { wall: Date.now(), cpu: process.cpuUsage() };
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
    const cpu = process.cpuUsage(started.cpu);
    const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
    log(
      `${label}: done in ${seconds(Date.now() - started.wall)} (CPU ${seconds((cpu.user + cpu.system) / 1000)})`,
    );
    out.set(run.world, rows);
  }
  return out;
}
