import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { request } from 'undici';
import { LOCUS_PATHS, endpointLoads, type Endpoint } from './bench-endpoints';
import type { BenchConfig } from './bench-config';
import { round, type BenchRow } from './bench-row';
import { startChildServer } from './child-server';
import { meterCpu } from './cpu-sampler';
import { postgresBackends } from './postgres-database';
import { driveEndpoints, roundOrNull } from './drive-endpoints';
import type { LoadFigures } from './drive-load';
import { seedInstallations } from './seed-installations';

export const LOCUS_CLI = fileURLToPath(new URL('../cli/locus.mjs', import.meta.url));

export interface Tenant {
  client_id: string;
  client_secret: string;
  app_key: string;
}

export interface LocusFigures {
  rows: BenchRow[];
  loads: Partial<Record<Endpoint, LoadFigures>>;
  lifetimePeakRssMb: number | null;
}

/** The environment of `locus serve` (and its CLI) on a bench database: a free loopback port, warnings only. */
export const serveEnv = (databaseUrl: string): NodeJS.ProcessEnv => ({
  ...process.env,
  DATABASE_URL: databaseUrl,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
});

/** `locus tenant create` against the bench database (it also creates and migrates it). */
export async function createTenant(env: NodeJS.ProcessEnv): Promise<Tenant> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [LOCUS_CLI, 'tenant', 'create', '--name', 'bench'],
    { env },
  );
  const line = stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(line) as Tenant;
}

export async function accessToken(url: string, tenant: Tenant): Promise<string> {
  const basic = Buffer.from(`${tenant.client_id}:${tenant.client_secret}`).toString('base64');
  const reply = await request(`${url}/api/v2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}` },
  });
  const body = (await reply.body.json()) as { access_token?: string };
  if (reply.statusCode !== 200 || !body.access_token)
    throw new Error(`token: ${reply.statusCode} ${JSON.stringify(body)}`);
  return body.access_token;
}

/** Seeds and drives the real server (`locus serve` in a child process) on one database. */
export async function benchLocus(
  engine: 'sqlite' | 'postgres',
  databaseUrl: string,
  config: BenchConfig,
): Promise<LocusFigures> {
  const env = {
    ...serveEnv(databaseUrl),
    LOCUS_API_PROCESSES: config.apiProcesses,
    // The bench measures what ingestion costs: its 16 bodies cycle through 16 installations far faster
    // than one device may send, so the per-installation and per-app-key rates are lifted here.
    LOCUS_SDK_RATE_PER_INSTALLATION: process.env.LOCUS_SDK_RATE_PER_INSTALLATION ?? '1000000',
    LOCUS_SDK_RATE_PER_APP_KEY: process.env.LOCUS_SDK_RATE_PER_APP_KEY ?? '1000000',
  };
  const tenant = await createTenant(env);
  const profile = config.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${config.cpuProfileDir}`] : [];
  const server = await startChildServer([...profile, LOCUS_CLI, 'serve'], env, `locus ${engine}`);
  try {
    process.stderr.write(`locus ${engine}: listening on ${server.url} (pid ${server.pid})\n`);
    server.rss.phasePeak();
    const backends = engine === 'postgres' ? await postgresBackends(databaseUrl) : null;
    const database = backends ? meterCpu(backends.pids) : null;
    await Promise.all([server.cpu.start(), database?.start()]);
    const seed = await seedInstallations(server.url, tenant.app_key, {
      installations: config.installations,
      eventsPerInstallation: config.eventsPerInstallation,
      concurrency: config.seedConcurrency,
      label: engine,
    });
    const [seedCpu, seedDbCpu] = await Promise.all([server.cpu.stop(), database?.stop()]);
    const perSeedRequest = (seconds: number | undefined) =>
      seconds === undefined || seed.requests === 0 ? null : round((seconds * 1e6) / seed.requests, 0);
    const seedRow: BenchRow = {
      engine,
      endpoint: `seed_ingestion_${config.eventsPerInstallation}`,
      rps: round(seed.rps),
      p50: round(seed.p50, 2),
      p97_5: round(seed.p97_5, 2),
      p99: round(seed.p99, 2),
      events_per_s: Math.round(seed.eventsPerS),
      peak_rss_mb: roundOrNull(server.rss.phasePeak()),
      baseline_rps: null,
      ratio: null,
      errors: seed.errors,
      non2xx: seed.non2xx,
      cpu_us_per_req: perSeedRequest(seedCpu),
      db_cpu_us_per_req: perSeedRequest(seedDbCpu),
    };
    const credentials = { accessToken: await accessToken(server.url, tenant), appKey: tenant.app_key };
    const endpoints = endpointLoads(config.installations, LOCUS_PATHS, credentials);
    const driven = await driveEndpoints(
      server,
      engine,
      `locus ${engine}`,
      endpoints,
      config,
      database,
      backends?.analyze,
    );
    await backends?.close();
    return {
      rows: [seedRow, ...driven.rows],
      loads: driven.loads,
      lifetimePeakRssMb: roundOrNull(server.rss.lifetimePeak()),
    };
  } finally {
    await server.stop();
  }
}
