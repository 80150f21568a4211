import { progressReporter } from '../../sim/progress-reporter';
import { assessPopulation } from '../assess-population';
import { headline, type Headline } from '../headline-metrics';
import { headlineTable, scenarioTable } from '../world-report';
import { readTrajectories } from './read-trajectories';
import { trajectoryPopulation, type TrajectoryPopulationOptions } from './trajectory-population';

/**
 * `locus eval --trajectories <dir>`: reads the external trajectories under `dir`, builds each person's
 * honest and fraudulent signup (trajectory-population.ts), assesses them with the committed models and
 * reports the headline and per-scenario tables.
 */
export async function evaluateTrajectories(
  dir: string,
  o: TrajectoryPopulationOptions,
  log: (line: string) => void,
): Promise<{ markdown: string; headline: Headline; people: number }> {
  const set = readTrajectories(dir);
  log(`trajectories: ${set.people.size} people in ${set.files} files (${set.skipped} lines skipped)`);
  const population = trajectoryPopulation(set, o);
  const fixes = population.devices.reduce((n, d) => n + d.events.length, 0) / 2;
  const progress = progressReporter(
    `trajectories: assessing ${fixes} fixes`,
    population.devices.length,
    log,
    10,
  );
  const rows = await assessPopulation(population, { onProgress: (done) => progress(done) });
  const markdown = [
    `${population.devices.length / 2} people from \`${dir}\`, each signing up at their most visited place and with an address 0.5–500 km from it.`,
    '',
    headlineTable([{ name: 'trajectories', rows }]),
    '',
    scenarioTable(rows),
  ].join('\n');
  return { markdown, headline: headline(rows), people: population.devices.length / 2 };
}
