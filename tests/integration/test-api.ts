import type { LightMyRequestResponse } from 'fastify';
import { manualClock, type ManualClock } from '../../lib/clock/manual-clock';
import { createRuntime, type Runtime } from '../../lib/runtime/create-runtime';
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
  token: string;
  request(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  ingest(installationId: string, body: Record<string, unknown>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startTestApi(engine: Engine, start = Date.UTC(2026, 5, 1, 12)): Promise<TestApi> {
  const database = await freshDatabase(engine);
  const clock = manualClock(start);
  const runtime = await createRuntime({
    databaseUrl: database.url,
    clock,
    connect: database.schema ? { schema: database.schema } : {},
    env: {},
  });
  const api = await buildApi(runtime.deps, { logLevel: 'silent' });
  const tenant = await runtime.createTenant('test tenant');
  const tokenReply = await api.inject({
    method: 'POST',
    url: '/api/v2/token',
    headers: { authorization: basic(tenant.client_id, tenant.client_secret) },
  });
  const token = tokenReply.json<{ access_token: string }>().access_token;
  const self: TestApi = {
    engine,
    database,
    runtime,
    api,
    clock,
    tenant,
    token,
    request: (method, url, body, headers = {}) =>
      api.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
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
      await api.close();
      await runtime.close();
      await database.drop();
    },
  };
  return self;
}

export function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

/** `n` events around a point, spread over the last `days` days before `now`, a few metres of jitter. */
export function eventsAround(point: { lat: number; lng: number }, n: number, now: number, days = 3) {
  return Array.from({ length: n }, (_, i) => ({
    ts: now - Math.round(((i + 1) / n) * days * 86_400_000),
    lat: point.lat + ((i % 5) - 2) * 0.00002,
    lng: point.lng + ((i % 3) - 1) * 0.00002,
    accuracy_m: 10,
    source: 'gps',
  }));
}

export const DEVICE = {
  model: 'Pixel 8',
  os: 'android',
  os_version: '15',
  app_version: '3.2.1',
  location_permission_enabled: true,
  location_sensors_enabled: true,
  probable_root: false,
  emulator: false,
  gps_spoofing: false,
  from_official_store: true,
};
