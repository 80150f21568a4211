import { positiveInt } from '../bench-config';

/** The storage benchmark's knobs, from the environment (docs/BENCHMARKS.md "Storage"). */
export interface StorageBenchConfig {
  engines: readonly ('sqlite' | 'postgres')[];
  postgresUrl: string;
  /** Events written to measure bytes per stored event. */
  bytesEvents: number;
  /** The long run: devices reporting steadily for `days` simulated days with a `windowDays` retention. */
  devices: number;
  eventsPerDay: number;
  days: number;
  windowDays: number;
  /** Requests in flight while driving a simulated day. */
  concurrency: number;
  /** Sequential one-event ingestions per setting when measuring the cost of synchronous=FULL. */
  commits: number;
}

export function storageBenchConfigFromEnv(env: Record<string, string | undefined>): StorageBenchConfig {
  const engines = (env.BENCH_ENGINES ?? 'sqlite,postgres').split(',').map((e) => e.trim());
  for (const engine of engines)
    if (engine !== 'sqlite' && engine !== 'postgres')
      throw new Error(`BENCH_ENGINES: unknown engine ${engine}`);
  return {
    engines: engines as StorageBenchConfig['engines'],
    postgresUrl: env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    bytesEvents: positiveInt(env, 'BENCH_STORAGE_BYTES_EVENTS', 100_000),
    devices: positiveInt(env, 'BENCH_STORAGE_DEVICES', 20),
    eventsPerDay: positiveInt(env, 'BENCH_STORAGE_EVENTS_PER_DAY', 288),
    days: positiveInt(env, 'BENCH_STORAGE_DAYS', 120),
    windowDays: positiveInt(env, 'BENCH_STORAGE_WINDOW_DAYS', 30),
    concurrency: positiveInt(env, 'BENCH_STORAGE_CONCURRENCY', 4),
    commits: positiveInt(env, 'BENCH_STORAGE_COMMITS', 1_000),
  };
}
