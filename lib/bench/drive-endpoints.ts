import type { Endpoint, EndpointLoad } from './bench-endpoints';
import type { BenchConfig } from './bench-config';
import { round, type BenchRow } from './bench-row';
import type { ChildServer } from './child-server';
import type { CpuMeter } from './cpu-sampler';
import { driveLoad, type LoadFigures } from './drive-load';

export interface EndpointFigures {
  rows: BenchRow[];
  loads: Partial<Record<Endpoint, LoadFigures>>;
}

/**
 * Drives each configured endpoint of `server` in turn (warm-up, then the measured run) and reports a row
 * for each, its peak RSS taken over that endpoint's run alone. Progress goes to stderr under `label`.
 * `refreshStatistics` (PostgreSQL) runs halfway through each warm-up, on the rows the endpoint has just
 * started writing, as autovacuum's ANALYZE would: the second half re-plans the cached statements.
 */
export async function driveEndpoints(
  server: ChildServer,
  engine: BenchRow['engine'],
  label: string,
  endpoints: Record<Endpoint, EndpointLoad>,
  config: BenchConfig,
  database: CpuMeter | null = null,
  refreshStatistics?: () => Promise<void>,
): Promise<EndpointFigures> {
  const rows: BenchRow[] = [];
  const loads: EndpointFigures['loads'] = {};
  for (const endpoint of config.endpoints) {
    process.stderr.write(`${label}: driving ${endpoint} for ${config.warmupS}+${config.durationS} s\n`);
    const load = endpoints[endpoint];
    server.rss.phasePeak();
    const spec = { url: server.url, ...load, connections: config.connections, durationS: config.durationS };
    if (refreshStatistics) {
      if (config.warmupS > 0) await driveLoad({ ...spec, durationS: config.warmupS / 2 });
      await refreshStatistics();
      if (config.warmupS > 0) await driveLoad({ ...spec, durationS: config.warmupS / 2 });
    } else if (config.warmupS > 0) await driveLoad({ ...spec, durationS: config.warmupS });
    await Promise.all([server.cpu.start(), database?.start()]);
    const figures = await driveLoad(spec);
    const [serverCpu, databaseCpu] = await Promise.all([server.cpu.stop(), database?.stop()]);
    const requests = figures.ok + figures.non2xx;
    const perRequest = (seconds: number | undefined) =>
      seconds === undefined || requests === 0 ? null : round((seconds * 1e6) / requests, 0);
    loads[endpoint] = figures;
    rows.push({
      engine,
      endpoint,
      rps: round(figures.rps),
      p50: figures.p50,
      p97_5: figures.p97_5,
      p99: figures.p99,
      events_per_s:
        load.eventsPerRequest > 0 ? Math.round((figures.ok * load.eventsPerRequest) / figures.seconds) : null,
      peak_rss_mb: roundOrNull(server.rss.phasePeak()),
      baseline_rps: null,
      ratio: null,
      errors: figures.errors + figures.timeouts,
      non2xx: figures.non2xx,
      cpu_us_per_req: perRequest(serverCpu),
      db_cpu_us_per_req: perRequest(databaseCpu),
    });
  }
  return { rows, loads };
}

export const roundOrNull = (value: number | null): number | null => (value === null ? null : round(value));
