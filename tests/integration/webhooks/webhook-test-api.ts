import type { LightMyRequestResponse } from 'fastify';
import { manualClock, type ManualClock } from '../../../lib/clock/manual-clock';
import type { Engine } from '../../../lib/db/connect';
import { createRuntimeWorker } from '../../../lib/jobs/create-worker';
import type { JobWorker } from '../../../lib/jobs/job-worker';
import { createRuntime, type Runtime } from '../../../lib/runtime/create-runtime';
import { buildApi, type Api } from '../../../lib/server/build-api';
import type { CreatedTenant } from '../../../lib/usecases/create-tenant';
import { freshDatabase, type TestDatabase } from '../engines';
import { basic } from '../test-api';

/** Local receivers are on loopback over http: the operator switches both guards off for them. */
export const WEBHOOK_TEST_ENV = { LOCUS_WEBHOOK_ALLOW_PRIVATE: '1', LOCUS_WEBHOOK_HTTP_HOSTS: '127.0.0.1' };

export interface WebhookTestApi {
  database: TestDatabase;
  runtime: Runtime;
  api: Api;
  clock: ManualClock;
  worker: JobWorker;
  tenant: CreatedTenant;
  request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse>;
  ingest(installationId: string, body: Record<string, unknown>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The real API and worker over a fresh database, one tenant with every scope, a hand-moved clock. */
export async function startWebhookTestApi(
  engine: Engine,
  options: { webhookTimeoutMs?: number; env?: Record<string, string> } = {},
): Promise<WebhookTestApi> {
  const database = await freshDatabase(engine);
  const clock = manualClock(Date.UTC(2026, 5, 1, 12));
  const env = { ...WEBHOOK_TEST_ENV, ...options.env };
  const runtime = await createRuntime({
    databaseUrl: database.url,
    clock,
    connect: database.schema ? { schema: database.schema } : {},
    env,
  });
  const api = await buildApi(runtime.deps, { logLevel: 'silent' });
  const worker = await createRuntimeWorker(runtime, env, { webhookTimeoutMs: options.webhookTimeoutMs });
  const tenant = await runtime.createTenant('webhook tenant');
  // A fresh token per request: the clock moves by hours and tokens expire.
  const token = async () => {
    const reply = await api.inject({
      method: 'POST',
      url: '/api/v2/token',
      headers: { authorization: basic(tenant.client_id, tenant.client_secret) },
    });
    return reply.json<{ access_token: string }>().access_token;
  };
  return {
    database,
    runtime,
    api,
    clock,
    worker,
    tenant,
    request: async (method, url, body) =>
      api.inject({
        method,
        url,
        headers: {
          authorization: `Bearer ${await token()}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
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
      await worker.stop();
      await api.close();
      await runtime.close();
      await database.drop();
    },
  };
}
