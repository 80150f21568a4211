import { fileURLToPath } from 'node:url';
import { BASELINE_PATHS, endpointLoads, type Endpoint } from './bench-endpoints';
import type { BenchConfig } from './bench-config';
import type { BenchRow } from './bench-row';
import { startChildServer } from './child-server';
import { driveEndpoints } from './drive-endpoints';

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
    const { rows } = await driveEndpoints(server, 'baseline', 'baseline', endpoints, config);
    return Object.fromEntries(rows.map((row) => [row.endpoint, row]));
  } finally {
    await server.stop();
  }
}
