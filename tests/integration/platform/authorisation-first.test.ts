import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../engines';
import { basic, startTestApi, type TestApi } from '../test-api';

/**
 * Authorisation runs before the body is parsed or validated, on every route (issue 16 item 7): with no
 * credentials the answer is 401, with a token lacking the scope an empty 403 — whatever the body.
 */
const PUBLIC_BY_DESIGN = new Set([
  '/api/v1/token',
  '/api/v2/token',
  '/api/console/v1/session',
  '/api/console/v1/session/oidc',
]);
const ANY_ID = '00000000-0000-4000-8000-000000000000';

const BODIES: { name: string; payload: string | Buffer }[] = [
  {
    name: 'fields of the wrong kind',
    payload: JSON.stringify({ type: 'bogus', installation_id: 12, events: 'x' }),
  },
  { name: 'invalid JSON', payload: '{"installation_id": ' },
  { name: 'overlong UTF-8', payload: Buffer.from([0x7b, 0x22, 0xc0, 0xaf, 0x22, 0x3a, 0x31, 0x7d]) },
  { name: 'a NUL character', payload: JSON.stringify({ installation_id: 'a\u0000b' }) },
];

describe.each(TEST_ENGINES)('authorisation before validation on %s', (engine) => {
  let t: TestApi;
  let routes: { method: string; url: string; path: string }[] = [];
  let scopeless = '';
  beforeAll(async () => {
    t = await startTestApi(engine);
    const paths = (t.api.swagger().paths ?? {}) as Record<string, Record<string, unknown>>;
    routes = Object.entries(paths)
      .filter(([path]) => !PUBLIC_BY_DESIGN.has(path))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => ({
          method: method.toUpperCase(),
          path,
          url: path.replace(/\{[^}]+\}/g, ANY_ID),
        })),
      );
    const none = await t.runtime.createTenant('no scopes', []);
    const reply = await t.api.inject({
      method: 'POST',
      url: '/api/v2/token',
      headers: { authorization: basic(none.client_id, none.client_secret) },
    });
    scopeless = reply.json<{ access_token: string }>().access_token;
  });
  afterAll(() => t.close());

  it('knows every guarded route (the OpenAPI document lists them)', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.some((r) => r.path === '/api/v2/sdk/events')).toBe(true);
  });

  for (const body of BODIES) {
    it(`answers 401 without credentials, whatever the body (${body.name})`, async () => {
      for (const route of routes) {
        const reply = await t.api.inject({
          method: route.method as 'POST',
          url: route.url,
          headers: { 'content-type': 'application/json' },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: body.payload }),
        });
        expect([route.method, route.path, reply.statusCode]).toEqual([route.method, route.path, 401]);
        expect(reply.json().errors.length).toBeGreaterThan(0);
      }
    });

    it(`answers an empty 403 to a token without the scope, whatever the body (${body.name})`, async () => {
      for (const route of routes.filter(
        (r) => r.path.startsWith('/api/v2/') && r.path !== '/api/v2/sdk/events',
      )) {
        const reply = await t.api.inject({
          method: route.method as 'POST',
          url: route.url,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${scopeless}` },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: body.payload }),
        });
        expect([route.method, route.path, reply.statusCode, reply.body]).toEqual([
          route.method,
          route.path,
          403,
          '',
        ]);
      }
    });
  }

  it('checks the SDK app key before the body', async () => {
    for (const body of BODIES) {
      const reply = await t.api.inject({
        method: 'POST',
        url: '/api/v2/sdk/events',
        headers: { 'content-type': 'application/json', 'x-app-key': 'not-a-key' },
        payload: body.payload,
      });
      expect(reply.statusCode).toBe(401);
    }
  });

  it('answers a console user without the role an empty 403, whatever the body', async () => {
    const { makeUsersStore } = await import('../../../lib/db/console/users-store');
    const { password } = await makeUsersStore(t.runtime.db).create({
      tenantId: t.tenant.tenant_id,
      email: `analyst@${engine}.test`,
      role: 'analyst',
      password: 'a long enough password',
      now: t.clock.now(),
    });
    const session = await t.api.inject({
      method: 'POST',
      url: '/api/console/v1/session',
      payload: { email: `analyst@${engine}.test`, password },
    });
    const token = session.json<{ token: string }>().token;
    // Admin-only routes: the settings an analyst may not change.
    for (const [method, url] of [
      ['PUT', '/api/console/v1/webhook'],
      ['POST', '/api/console/v1/users'],
      ['POST', '/api/console/v1/credentials'],
    ] as const) {
      for (const body of BODIES) {
        const reply = await t.api.inject({
          method,
          url,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          payload: body.payload,
        });
        expect([method, url, reply.statusCode, reply.body]).toEqual([method, url, 403, '']);
      }
    }
  });
});
