import { positiveInt } from '../bench-config';

/** The soak's knobs, from the environment (docs/BENCHMARKS.md "Soak"). */
export interface SoakConfig {
  engines: readonly ('sqlite' | 'postgres')[];
  postgresUrl: string;
  minutes: number;
  /** New signups per second, sent at fixed instants whatever the server's answers (open loop). */
  signupsPerS: number;
  /** Open signups seeded before the soak (one per installation), all inside their 48-hour window. */
  openSignups: number;
  /** Installations (and signups) seeded through the API; the rest of `openSignups` are copies of them. */
  seededThroughApi: number;
  /** Events each seeded installation reports before its signup. */
  eventsPerInstallation: number;
  /** SDK batches per second beside the signups, each `eventsPerBatch` fresh events of a seeded installation. */
  ingestionBatchesPerS: number;
  eventsPerBatch: number;
  /** Requests in flight while seeding. */
  seedConcurrency: number;
}

/** `BENCH_SOAK_QUICK=1`: a look in a few minutes (2 minutes, 10,000 open signups) instead of the full soak. */
export function soakConfigFromEnv(env: Record<string, string | undefined>): SoakConfig {
  const quick = env.BENCH_SOAK_QUICK === '1';
  const engines = (env.BENCH_SOAK_ENGINES ?? env.BENCH_ENGINES ?? 'sqlite,postgres')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const engine of engines)
    if (engine !== 'sqlite' && engine !== 'postgres')
      throw new Error(`BENCH_SOAK_ENGINES: unknown engine ${engine}`);
  return {
    engines: engines as SoakConfig['engines'],
    postgresUrl: env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    minutes: positiveInt(env, 'BENCH_SOAK_MINUTES', quick ? 2 : 10),
    signupsPerS: positiveInt(env, 'BENCH_SOAK_RATE', 300),
    openSignups: positiveInt(env, 'BENCH_SOAK_OPEN_SIGNUPS', quick ? 10_000 : 100_000),
    seededThroughApi: positiveInt(env, 'BENCH_SOAK_SEEDED_THROUGH_API', 5_000),
    eventsPerInstallation: positiveInt(env, 'BENCH_SOAK_EVENTS_PER_INSTALLATION', 20),
    ingestionBatchesPerS: positiveInt(env, 'BENCH_SOAK_INGESTION_RATE', 20),
    eventsPerBatch: positiveInt(env, 'BENCH_SOAK_EVENTS_PER_BATCH', 50),
    seedConcurrency: positiveInt(env, 'BENCH_SOAK_SEED_CONCURRENCY', 16),
  };
}
