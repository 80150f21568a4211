import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../engines';
import { DEVICE, basic, eventsAround, startTestApi, type TestApi } from '../test-api';

describe.each(TEST_ENGINES)('tokens, scopes and tenant isolation on %s', (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(engine);
  });
  afterAll(() => t.close());

  it('issues a token the way official clients parse it (expires_in is a string)', async () => {
    for (const url of ['/api/v1/token', '/api/v2/token']) {
      for (const extra of [
        {},
        { 'content-type': 'application/x-www-form-urlencoded', payload: 'grant_type=client_credentials' },
      ]) {
        const { payload, ...headers } = extra as Record<string, string>;
        const reply = await t.api.inject({
          method: 'POST',
          url,
          headers: { authorization: basic(t.tenant.client_id, t.tenant.client_secret), ...headers },
          ...(payload ? { payload } : {}),
        });
        expect(reply.statusCode).toBe(200);
        const body = reply.json();
        expect(body.token_type).toBe('Bearer');
        expect(body.expires_in).toBe('1200');
        expect(typeof body.access_token).toBe('string');
      }
    }
  });

  it('refuses wrong credentials with 401 and JSON', async () => {
    const reply = await t.api.inject({
      method: 'POST',
      url: '/api/v2/token',
      headers: { authorization: basic(t.tenant.client_id, 'wrong') },
    });
    expect(reply.statusCode).toBe(401);
    expect(reply.json().errors).toBeInstanceOf(Array);
    const none = await t.api.inject({ method: 'POST', url: '/api/v2/token' });
    expect(none.statusCode).toBe(401);
  });

  it('stores only a hash of the client secret', async () => {
    const row = await t.runtime.db.selectFrom('credentials').selectAll().executeTakeFirstOrThrow();
    expect(row.secret_hash).not.toContain(t.tenant.client_secret);
    expect(row.secret_hash).toMatch(/^scrypt\$/);
  });

  it('answers 401 without a token and an empty 403 for a token without the scope', async () => {
    const missing = await t.api.inject({ method: 'GET', url: '/api/v2/onboarding/signups/x' });
    expect(missing.statusCode).toBe(401);
    const limited = await t.runtime.createTenant('payments only', ['authentication']);
    const token = (
      await t.api.inject({
        method: 'POST',
        url: '/api/v2/token',
        headers: { authorization: basic(limited.client_id, limited.client_secret) },
      })
    ).json().access_token;
    const reply = await t.api.inject({
      method: 'POST',
      url: '/api/v2/onboarding/signups',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ installation_id: 'x' }),
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.body).toBe('');
  });

  it("keeps one tenant's signups, payments and installations invisible to another", async () => {
    const home = { lat: 51.5007, lng: -0.1246 };
    await t.ingest('shared-name', { device: DEVICE, events: eventsAround(home, 10, t.clock.now()) });
    const signup = (
      await t.request('POST', '/api/v2/onboarding/signups', {
        installation_id: 'shared-name',
        address_coordinates: home,
      })
    ).json();
    const payment = (
      await t.request('POST', '/api/v2/authentication/transactions', {
        installation_id: 'shared-name',
        account_id: 'a',
        type: 'payment',
      })
    ).json();

    const other = await t.runtime.createTenant('other');
    const token = (
      await t.api.inject({
        method: 'POST',
        url: '/api/v2/token',
        headers: { authorization: basic(other.client_id, other.client_secret) },
      })
    ).json().access_token;
    const as = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      t.api.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      });
    expect((await as('GET', `/api/v2/onboarding/signups/${signup.id}`)).statusCode).toBe(404);
    expect((await as('GET', `/api/v2/authentication/transactions/${payment.id}`)).statusCode).toBe(404);
    expect(
      (await as('POST', '/api/v2/onboarding/signups', { installation_id: 'shared-name' })).statusCode,
    ).toBe(404);
  });

  it('records feedback (epoch ms or RFC 3339 in any precision), validates on dry_run without storing', async () => {
    const count = async () => (await t.runtime.db.selectFrom('feedbacks').select('id').execute()).length;
    const before = await count();
    const bodies = [
      { event: 'verified', timestamp: t.clock.now(), installation_id: 'shared-name' },
      { event: 'chargeback', occurred_at: '2026-05-31T10:00:00.123Z', account_id: 'a' },
      {
        event: 'account_takeover',
        occurred_at: '2026-05-31T10:00:00.123456+00:00',
        expires_at: '2026-12-31T10:00:00.123456789Z',
      },
    ];
    for (const body of bodies) {
      const reply = await t.request('POST', '/api/v2/feedbacks', body);
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({});
    }
    expect(await count()).toBe(before + 3);
    expect((await t.request('POST', '/api/v2/feedbacks?dry_run=true', bodies[0])).statusCode).toBe(200);
    expect(await count()).toBe(before + 3);
    const bad = await t.request('POST', '/api/v2/feedbacks', {
      event: 'Not an event!',
      occurred_at: 'yesterday',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveLength(2);
    expect(await count()).toBe(before + 3);
  });

  it('ingests SDK events one by one, rejecting bad ones with a reason', async () => {
    const now = t.clock.now();
    const reply = await t.ingest('sdk-1', {
      device: DEVICE,
      events: [
        { ts: new Date(now - 1000).toISOString(), lat: 1, lng: 2 },
        { ts: now - 91 * 86_400_000, lat: 1, lng: 2 },
        { ts: now + 10 * 60_000, lat: 1, lng: 2 },
        { ts: now, lat: 200, lng: 2 },
        { ts: now - 5, lat: 1, lng: 2, accuracy_m: 5, source: 'wifi', mock: false },
      ],
    });
    expect(reply.statusCode).toBe(202);
    const body = reply.json();
    expect(body.accepted).toBe(2);
    expect(body.rejected.map((r: { index: number }) => r.index)).toEqual([1, 2, 3]);
    expect(body.rejected[0].error).toMatch(/90 days/);
    expect(typeof body.request_token).toBe('string');
    expect((await t.ingest('sdk-1', { events: 'nope' })).statusCode).toBe(400);
    const noKey = await t.api.inject({
      method: 'POST',
      url: '/api/v2/sdk/events',
      headers: { 'content-type': 'application/json' },
      payload: '{"installation_id":"x"}',
    });
    expect(noKey.statusCode).toBe(401);
  });

  it('keeps an installation unknown when the SDK sent neither device nor events', async () => {
    await t.ingest('silent', { events: [] });
    expect(
      (await t.request('POST', '/api/v2/onboarding/signups', { installation_id: 'silent' })).statusCode,
    ).toBe(404);
  });

  it('serves OpenAPI, health, readiness and metrics', async () => {
    const openapi = (await t.api.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(openapi.openapi).toBe('3.1.0');
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining([
        '/api/v2/onboarding/signups',
        '/api/v2/authentication/transactions',
        '/api/v2/feedbacks',
        '/api/v2/sdk/events',
      ]),
    );
    expect((await t.api.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.api.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const metrics = await t.api.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toContain('locus_http_request_duration_seconds');
  });

  it('keeps issuing tokens to a known client while the database is unreachable', async () => {
    const own = await startTestApi(engine);
    const fetchToken = () =>
      own.api.inject({
        method: 'POST',
        url: '/api/v2/token',
        headers: { authorization: basic(own.tenant.client_id, own.tenant.client_secret) },
      });
    expect((await fetchToken()).statusCode).toBe(200);
    await own.runtime.close();
    own.clock.advance(5 * 60_000);
    const reply = await fetchToken();
    expect(reply.statusCode).toBe(200);
    expect(reply.json().expires_in).toBe('1200');
    await own.api.close();
    await own.database.drop();
  });
});
