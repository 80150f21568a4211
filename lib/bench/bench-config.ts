import { ENDPOINTS, type Endpoint } from './bench-endpoints';

/** What one `npm run bench` does, from the environment (docs/BENCHMARKS.md lists every variable). */
export interface BenchConfig {
  /** Seeded installations per engine (each sends `eventsPerInstallation` events through the ingestion route). */
  installations: number;
  eventsPerInstallation: number;
  /** Seconds of measured load per endpoint, after `warmupS` of unmeasured load. */
  durationS: number;
  warmupS: number;
  /** autocannon connections (concurrent requests in flight). */
  connections: number;
  /** Ingestion requests in flight while seeding. */
  seedConcurrency: number;
  engines: readonly ('sqlite' | 'postgres')[];
  /** Where to create (and later drop) a throw-away `locus_bench_<pid>` database. */
  postgresUrl: string;
  /** Which loads to drive (all by default); seeding always runs. */
  endpoints: readonly Endpoint[];
  /** When set, the Locus server runs with `--cpu-prof` and writes its profile here on exit. */
  cpuProfileDir: string | null;
  /** `LOCUS_API_PROCESSES` for the Locus server: the production setting is one API process per core. */
  apiProcesses: string;
  /** Which parts of the benchmark run (`BENCH_PARTS`; `BENCH_SOAK=1` adds the soak to the default ones). */
  parts: readonly BenchPart[];
}

export const BENCH_PARTS = ['load', 'overload', 'fingerprint', 'storage', 'soak'] as const;
export type BenchPart = (typeof BENCH_PARTS)[number];
const DEFAULT_PARTS: readonly BenchPart[] = ['load', 'overload', 'fingerprint', 'storage'];

/** A whole positive number from the environment, or the fallback when unset. */
export function positiveInt(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got ${text}`);
  return Math.floor(value);
}

export function benchConfigFromEnv(env: Record<string, string | undefined>): BenchConfig {
  const engines = (env.BENCH_ENGINES ?? 'sqlite,postgres')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const engine of engines) {
    if (engine !== 'sqlite' && engine !== 'postgres')
      throw new Error(`BENCH_ENGINES: unknown engine ${engine}`);
  }
  const endpoints = (env.BENCH_ENDPOINTS ?? ENDPOINTS.join(','))
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const endpoint of endpoints) {
    if (!(ENDPOINTS as readonly string[]).includes(endpoint))
      throw new Error(`BENCH_ENDPOINTS: unknown endpoint ${endpoint}`);
  }
  const parts = env.BENCH_PARTS
    ? env.BENCH_PARTS.split(',')
        .map((p) => p.trim())
        .filter(Boolean)
    : [...DEFAULT_PARTS, ...(env.BENCH_SOAK === '1' ? ['soak'] : [])];
  for (const part of parts)
    if (!(BENCH_PARTS as readonly string[]).includes(part))
      throw new Error(`BENCH_PARTS: unknown part ${part}`);
  return {
    parts: parts as BenchPart[],
    installations: positiveInt(env, 'BENCH_INSTALLATIONS', 20_000),
    eventsPerInstallation: positiveInt(env, 'BENCH_EVENTS_PER_INSTALLATION', 50),
    durationS: positiveInt(env, 'BENCH_DURATION_S', 10),
    warmupS: env.BENCH_WARMUP_S === '0' ? 0 : positiveInt(env, 'BENCH_WARMUP_S', 2),
    connections: positiveInt(env, 'BENCH_CONNECTIONS', 10),
    seedConcurrency: positiveInt(env, 'BENCH_SEED_CONCURRENCY', 16),
    engines: engines as BenchConfig['engines'],
    postgresUrl: env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    endpoints: endpoints as Endpoint[],
    cpuProfileDir: env.BENCH_CPU_PROF_DIR || null,
    apiProcesses: env.BENCH_API_PROCESSES ?? 'auto',
  };
}
