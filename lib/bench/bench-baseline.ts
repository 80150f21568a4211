import { fileURLToPath } from 'node:url';
import { BASELINE_PATHS, endpointLoads, type Endpoint } from './bench-endpoints';
import type { BenchConfig } from './bench-config';
import { round, type BenchRow } from './bench-row';
import { startChildServer } from './child-server';
import { driveWarmLoad } from './drive-load';

const BASELINE_SERVER = fileURLToPath(new URL('./baseline-server.ts', import.meta.url));

/** The bare Fastify baseline in its own process, driven with the same bodies and autocannon settings as Locus. */
export async function benchBaseline(config: BenchConfig): Promise<Partial<Record<Endpoint, BenchRow>>> {
  const server = await startChildServer(
    ['--import', 'tsx', BASELINE_SERVER],
    { ...process.env, PORT: '0' },
    'baseline',
  );
  try {
    const endpoints = endpointLoads(config.installations, BASELINE_PATHS, null);
    const rows: Partial<Record<Endpoint, BenchRow>> = {};
    for (const endpoint of config.endpoints) {
      process.stderr.write(`baseline: driving ${endpoint} for ${config.warmupS}+${config.durationS} s\n`);
      const load = endpoints[endpoint];
      server.rss.phasePeak();
      const figures = await driveWarmLoad(
        { url: server.url, ...load, connections: config.connections, durationS: config.durationS },
        config.warmupS,
      );
      rows[endpoint] = {
        engine: 'baseline',
        endpoint,
        rps: round(figures.rps),
        p50: figures.p50,
        p97_5: figures.p97_5,
        p99: figures.p99,
        events_per_s:
          load.eventsPerRequest > 0
            ? Math.round((figures.ok * load.eventsPerRequest) / figures.seconds)
            : null,
        peak_rss_mb: round(server.rss.phasePeak() ?? 0),
        baseline_rps: null,
        ratio: null,
        errors: figures.errors + figures.timeouts,
        non2xx: figures.non2xx,
      };
    }
    return rows;
  } finally {
    await server.stop();
  }
}
