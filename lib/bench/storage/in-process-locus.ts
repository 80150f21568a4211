import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { manualClock, type ManualClock } from '../../clock/manual-clock';
import { createRuntimeWorker } from '../../jobs/create-worker';
import type { JobWorker } from '../../jobs/job-worker';
import { createRuntime, type Runtime } from '../../runtime/create-runtime';
import { buildApi } from '../../server/build-api';
import type { CreatedTenant } from '../../usecases/create-tenant';

/** One request's outcome: its latency (ms) and status. */
export interface Timed {
  ms: number;
  status: number;
}

/**
 * The real API and worker in this process over a database, on a clock the benchmark moves: days pass
 * in seconds while the retention job runs on its own schedule, as in production. Requests go over
 * loopback HTTP, so that the event loop the purges share is the one requests are served on.
 */
export interface InProcessLocus {
  runtime: Runtime;
  clock: ManualClock;
  tenant: CreatedTenant;
  worker: JobWorker;
  /** Renews the tenant's bearer token if the clock passed its expiry (untimed: call it before timing requests). */
  renewToken(): Promise<void>;
  /** POST or GET with the tenant's bearer token. */
  send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Timed>;
  ingest(body: unknown): Promise<Timed>;
  stop(): Promise<void>;
}

export async function startInProcessLocus(
  databaseUrl: string,
  env: Record<string, string>,
  start: number,
  connections: number,
): Promise<InProcessLocus> {
  const clock = manualClock(start);
  const runtime = await createRuntime({ databaseUrl, clock, env });
  const api = await buildApi(runtime.deps, { logLevel: 'error' });
  const url = await api.listen({ port: 0, host: '127.0.0.1' });
  const worker = await createRuntimeWorker(runtime, env, { pollMs: 5 });
  worker.start();
  const tenant = await runtime.createTenant('storage bench');
  const pool = new Pool(url, { connections });
  let token = { value: '', expiresAt: 0 };

  const timed = async (
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ) => {
    const started = performance.now();
    const reply = await pool.request({
      method,
      path,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    await reply.body.text();
    return { ms: performance.now() - started, status: reply.statusCode };
  };
  const renewToken = async () => {
    if (clock.now() < token.expiresAt) return;
    const basic = Buffer.from(`${tenant.client_id}:${tenant.client_secret}`).toString('base64');
    const reply = await pool.request({
      method: 'POST',
      path: '/api/v2/token',
      headers: { authorization: `Basic ${basic}` },
    });
    const issued = (await reply.body.json()) as { access_token: string; expires_in: string };
    token = {
      value: issued.access_token,
      expiresAt: clock.now() + Number(issued.expires_in) * 1000 - 60_000,
    };
  };

  return {
    runtime,
    clock,
    tenant,
    worker,
    renewToken,
    send: (method, path, body) => timed(method, path, { authorization: `Bearer ${token.value}` }, body),
    ingest: (body) => timed('POST', '/api/v2/sdk/events', { 'x-app-key': tenant.app_key }, body),
    async stop() {
      await worker.stop();
      await pool.close();
      await api.close();
      await runtime.close();
    },
  };
}

/** Runs `tasks` with at most `limit` in flight. */
export async function inFlight<T>(tasks: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, lane));
  return results;
}
