import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';

/**
 * How many API processes `locus serve` runs: `LOCUS_API_PROCESSES` (a number, or `auto` for one per
 * core). One process is the default. SQLite in WAL mode takes readers from every process and
 * serialises writers with its own lock, so several processes on one file are safe.
 */
export function apiProcessCount(env: Record<string, string | undefined>): number {
  const raw = (env.LOCUS_API_PROCESSES ?? '1').trim().toLowerCase();
  const count = raw === 'auto' ? os.availableParallelism() : Number(raw);
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`LOCUS_API_PROCESSES must be a number or auto, got ${raw}`);
  return count;
}

/**
 * PostgreSQL connections all API processes of one `locus serve` open together in their pools, unless
 * DATABASE_POOL_SIZE says; each process opens up to 2 more for its pipelined reads (lib/db/pg-pipelined-reads.ts).
 */
const POOL_BUDGET = 20;

/**
 * PostgreSQL pool size of each API process: `DATABASE_POOL_SIZE`, else the budget shared by the
 * processes (10 for one or two, 2 at least). An assessment holds at most ~4 connections at once, and
 * `auto` on a 16-core host with 10 each would open 160, past PostgreSQL's default max_connections (100).
 */
export function poolSizePerProcess(env: Record<string, string | undefined>, processes: number): number {
  const raw = env.DATABASE_POOL_SIZE?.trim();
  if (raw) {
    const size = Number(raw);
    if (!Number.isInteger(size) || size < 1)
      throw new Error(`DATABASE_POOL_SIZE must be a positive integer, got ${raw}`);
    return size;
  }
  return Math.min(10, Math.max(2, Math.floor(POOL_BUDGET / processes)));
}

/** `0`: no API process runs the background worker (a `locus worker` does); the cluster sets it per member. */
export const RUN_JOBS_ENV = 'LOCUS_RUN_JOBS';

export interface ApiProcessReady {
  kind: 'api-ready';
  apiUrl: string;
}

/**
 * Forks `count` API processes sharing one listening socket (node:cluster) and replaces any that dies.
 * Resolves with the API URL once the first one listens.
 */
export function forkApiProcesses(count: number): Promise<{ apiUrl: string; stop(): Promise<void> }> {
  let stopping = false;
  const fork = (runJobs: boolean): Worker => {
    const worker = cluster.fork({ [RUN_JOBS_ENV]: runJobs ? '1' : '0' });
    worker.once('exit', (code, signal) => {
      if (stopping) return;
      console.error(JSON.stringify({ level: 'error', msg: 'API process exited, restarting', code, signal }));
      fork(runJobs);
    });
    return worker;
  };
  return new Promise((resolve) => {
    const workers = Array.from({ length: count }, (_, i) =>
      fork(i === 0 && process.env[RUN_JOBS_ENV] !== '0'),
    );
    let resolved = false;
    cluster.on('message', (_worker, message: ApiProcessReady) => {
      if (resolved || message?.kind !== 'api-ready') return;
      resolved = true;
      resolve({
        apiUrl: message.apiUrl,
        stop: async () => {
          stopping = true;
          await Promise.all(
            Object.values(cluster.workers ?? workers).map(
              (w) => w && new Promise<void>((done) => (w.once('exit', () => done()), w.kill('SIGTERM'))),
            ),
          );
        },
      });
    });
  });
}

/** Tells the cluster primary this API process listens (no-op outside a cluster). */
export function announceApiReady(apiUrl: string): void {
  if (cluster.isWorker && process.send) process.send({ kind: 'api-ready', apiUrl } satisfies ApiProcessReady);
}
