import { withBenchDatabase } from '../with-bench-database';
import type { SoakConfig } from './soak-config';
import { formatMinute, soakEngine, type SoakFigures } from './soak-engine';

/** The soak on each configured engine, one after the other, on a fresh database each. */
export async function runSoaks(config: SoakConfig): Promise<SoakFigures[]> {
  const figures: SoakFigures[] = [];
  process.stderr.write(`soak: ${JSON.stringify(config)}\n`);
  for (const engine of config.engines)
    figures.push(
      await withBenchDatabase(engine, config.postgresUrl, '_soak', (url) => soakEngine(engine, url, config)),
    );
  return figures;
}

/** The soak's report: a heading, one line per minute, the checks. */
export function formatSoak(soak: SoakFigures): string[] {
  return [
    `soak ${soak.soak} (${soak.processes}): ${soak.signups_per_s} signups/s for ${soak.minutes} min, ` +
      `${soak.open_signups} open signups seeded (${soak.seeded_through_api} through the API, the rest copies; ${soak.seed_s} s), ${soak.ingestion_batches_per_s} SDK batches/s ` +
      `of ${soak.events_per_batch} events beside them`,
    ...soak.per_minute.map((m) => `${soak.soak} ${formatMinute(m)}`),
    ...soak.checks.map((c) => `${soak.soak} soak ${c.met ? 'MET    ' : 'NOT MET'} ${c.name}: ${c.measured}`),
  ];
}
