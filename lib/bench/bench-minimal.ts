import { fileURLToPath } from 'node:url';
import { MINIMAL_PATHS, endpointLoads } from './bench-endpoints';
import type { BenchConfig } from './bench-config';
import type { BenchRow } from './bench-row';
import { startChildServer } from './child-server';
import { meterCpu } from './cpu-sampler';
import { driveEndpoints } from './drive-endpoints';
import { postgresBackends } from './postgres-database';

const MINIMAL_SERVER = fileURLToPath(new URL('./minimal-server.ts', import.meta.url));

/**
 * The minimal equivalent of each route (lib/bench/minimal-server.ts) on the database Locus was just
 * measured on — same engine, same seeded installations — driven with the same bodies and settings.
 * Its rows are named `minimal_<endpoint>`.
 */
export async function benchMinimal(
  engine: 'sqlite' | 'postgres',
  databaseUrl: string,
  config: BenchConfig,
): Promise<BenchRow[]> {
  const server = await startChildServer(
    ['--import', 'tsx', MINIMAL_SERVER],
    { ...process.env, DATABASE_URL: databaseUrl, PORT: '0' },
    `minimal ${engine}`,
  );
  const backends = engine === 'postgres' ? await postgresBackends(databaseUrl) : null;
  try {
    const endpoints = endpointLoads(config.installations, MINIMAL_PATHS, null);
    const database = backends ? meterCpu(backends.pids) : null;
    const { rows } = await driveEndpoints(
      server,
      engine,
      `minimal ${engine}`,
      endpoints,
      config,
      database,
      backends?.analyze,
    );
    return rows.map((row) => ({ ...row, endpoint: `minimal_${row.endpoint}` }));
  } finally {
    await backends?.close();
    await server.stop();
  }
}
