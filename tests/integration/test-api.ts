import type { LightMyRequestResponse } from 'fastify';
import { manualClock, type ManualClock } from '../../lib/clock/manual-clock';
import { createRuntimeWorker, type WorkerOptions } from '../../lib/jobs/create-worker';
import type { JobWorker } from '../../lib/jobs/job-worker';
import { HONEST_DEVICE_FLAGS } from '../../lib/sim/generate-device-info';
import { createRuntime, type Runtime } from '../../lib/runtime/create-runtime';
import type { AdmissionConfig } from '../../lib/server/admission/admission-config';
import { buildApi, type Api } from '../../lib/server/build-api';
import type { CreatedTenant } from '../../lib/usecases/create-tenant';
import { freshDatabase, type TestDatabase } from './engines';
import type { Engine } from '../../lib/db/connect';

/** A migrated database, the real API over it (in-process, `inject`), a tenant and a hand-moved clock. */
export interface TestApi {
  engine: Engine;
  database: TestDatabase;
  runtime: Runtime;
  api: Api;
  clock: ManualClock;
  tenant: CreatedTenant;
  /** The first access token; `request` renews it once the clock has moved past its expiry. */
  token: string;
  request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  ingest(installationId: string, body: Record<string, unknown>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The same, with the job worker running on the hand-moved clock (`worker.drain()` runs what is due). */
export type WorkerTestApi = TestApi & { worker: JobWorker };

export interface TestApiOptions {
  /** The runtime's environment (and the worker's). */
  env?: Record<string, string>;
  /** Starts the job worker with these options. */
  worker?: WorkerOptions;
  /** In-flight limits and SDK rates (the defaults otherwise). */
  admission?: AdmissionConfig;
}

export async function startTestApi(
  engine: Engine,
  options: TestApiOptions & { worker: WorkerOptions },
): Promise<WorkerTestApi>;
export async function startTestApi(engine: Engine, options?: TestApiOptions): Promise<TestApi>;
export async function startTestApi(
  engine: Engine,
  options: TestApiOptions = {},
): Promise<TestApi | WorkerTestApi> {
  const database = await freshDatabase(engine);
  const clock = manualClock(Date.UTC(2026, 5, 1, 12));
  const env = options.env ?? {};
  const runtime = await createRuntime({
    databaseUrl: database.url,
    clock,
    connect: database.schema ? { schema: database.schema } : {},
    env,
  });
  const api = await buildApi(runtime.deps, {
    logLevel: 'silent',
    ...(options.admission ? { admission: options.admission } : {}),
  });
  const worker = options.worker ? await createRuntimeWorker(runtime, env, options.worker) : null;
  const tenant = await runtime.createTenant('test tenant');
  const issueToken = async () => {
    const reply = await api.inject({
      method: 'POST',
      url: '/api/v2/token',
      headers: { authorization: basic(tenant.client_id, tenant.client_secret) },
    });
    const { access_token, expires_in } = reply.json<{ access_token: string; expires_in: string }>();
    return { token: access_token, expiresAt: clock.now() + Number(expires_in) * 1000 };
  };
  let current = await issueToken();
  // Suites that move the clock by hours outlive a token: renew it as a client would.
  const token = async () => {
    if (clock.now() >= current.expiresAt) current = await issueToken();
    return current.token;
  };
  const self: TestApi = {
    engine,
    database,
    runtime,
    api,
    clock,
    tenant,
    token: current.token,
    request: async (method, url, body, headers = {}) =>
      api.inject({
        method,
        url,
        headers: {
          authorization: `Bearer ${await token()}`,
          // A JSON content type with no body is a 400 on its own: send it only with a body.
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      }),
    ingest: (installationId, body) =>
      api.inject({
        method: 'POST',
        url: '/api/v2/sdk/events',
        headers: { 'x-app-key': tenant.app_key, 'content-type': 'application/json' },
        payload: JSON.stringify({ installation_id: installationId, ...body }),
      }),
    close: async () => {
      await worker?.stop();
      await api.close();
      await runtime.close();
      await database.drop();
    },
  };
  return worker ? { ...self, worker } : self;
}

export function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

/**
 * `n` events around a point, spread over the last `days` days before `now`, a few metres of jitter. They
 * vary as a phone's do (seconds off the cadence, several accuracy values, no repeated coordinates): a
 * metronome at one accuracy is what a script sends, and the engine says so (signal-integrity.ts).
 */
export function eventsAround(point: { lat: number; lng: number }, n: number, now: number, days = 3) {
  const spacingMs = (days * 86_400_000) / n;
  return Array.from({ length: n }, (_, i) => ({
    ts: now - Math.round((i + 1) * spacingMs + (((i * 7_919) % 97) / 97 - 0.5) * (spacingMs / 3)),
    lat: point.lat + (((i * 37) % 41) - 20) * 0.000002,
    lng: point.lng + (((i * 53) % 43) - 21) * 0.000002,
    accuracy_m: 8 + ((i * 5) % 13),
    source: 'gps',
  }));
}

export const DEVICE = {
  model: 'Pixel 8',
  os: 'android',
  os_version: '15',
  app_version: '3.2.1',
  ...HONEST_DEVICE_FLAGS,
};
