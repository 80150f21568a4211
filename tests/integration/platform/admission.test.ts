import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdmissionConfig } from '../../../lib/server/admission/admission-config';
import type { Api } from '../../../lib/server/build-api';
import { TEST_ENGINES } from '../engines';
import { DEVICE, basic, eventsAround, startTestApi, type TestApi } from '../test-api';

/**
 * Bounded work per request (issue 13 item 4, issue 16 item 4): SDK ingestion is rate-limited per
 * installation and per app key (token buckets, 429 + Retry-After, nothing stored); assessments and
 * ingestion are admitted within per-tenant (429) and global (503) in-flight limits.
 */
const HOME = { lat: -23.5614, lng: -46.6559 };
const SMALL: AdmissionConfig = {
  concurrency: { global: 3, perTenant: 2 },
  perAppKey: { capacity: 6, refillPerSecond: 1, maxKeys: 100 },
  perInstallation: { capacity: 3, refillPerSecond: 0.5, maxKeys: 100 },
};

describe.each(TEST_ENGINES)('admission and ingestion rates on %s', (engine) => {
  let t: TestApi;
  let api: Api;
  let other: { token: string; appKey: string };
  const ingest = (appKey: string, installation: string, events: unknown[] = []) =>
    api.inject({
      method: 'POST',
      url: '/api/v2/sdk/events',
      headers: { 'x-app-key': appKey, 'content-type': 'application/json' },
      payload: JSON.stringify({ installation_id: installation, device: DEVICE, events }),
    });

  beforeAll(async () => {
    t = await startTestApi(engine, { admission: SMALL });
    api = t.api;
    const tenant = await t.runtime.createTenant('other tenant');
    const reply = await api.inject({
      method: 'POST',
      url: '/api/v2/token',
      headers: { authorization: basic(tenant.client_id, tenant.client_secret) },
    });
    other = { token: reply.json().access_token, appKey: tenant.app_key };
  });
  afterAll(() => t.close());

  it('limits one installation to its burst, then its rate, and stores nothing it refuses', async () => {
    const events = eventsAround(HOME, 5, t.clock.now(), 1);
    for (let i = 0; i < 3; i += 1)
      expect((await ingest(t.tenant.app_key, 'noisy', events)).statusCode).toBe(202);
    const refused = await ingest(t.tenant.app_key, 'noisy', events);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.json().errors).toEqual(['too many SDK batches for this installation']);
    const row = await t.runtime.db
      .selectFrom('installations')
      .select('event_count')
      .where('installation_id', '=', 'noisy')
      .executeTakeFirstOrThrow();
    expect(Number(row.event_count)).toBe(15);
    // Another device of the same app is not held back by the noisy one.
    expect((await ingest(t.tenant.app_key, 'quiet')).statusCode).toBe(202);
    t.clock.advance(2_000);
    expect((await ingest(t.tenant.app_key, 'noisy', events)).statusCode).toBe(202);
  });

  it("limits an app key's whole fleet (a device farm), and no other tenant's", async () => {
    t.clock.advance(60_000);
    const statuses = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await ingest(t.tenant.app_key, `farm-${i}`)).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 429, 429]);
    const refused = await ingest(t.tenant.app_key, 'farm-x');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await ingest(other.appKey, 'farm-0')).statusCode).toBe(202);
  });

  it('refuses work beyond the per-tenant share (429) and the global limit (503) at once, with Retry-After', async () => {
    t.clock.advance(60_000);
    await ingest(t.tenant.app_key, 'payer', eventsAround(HOME, 20, t.clock.now(), 3));
    await ingest(other.appKey, 'payer', eventsAround(HOME, 20, t.clock.now(), 3));
    const pay = (token: string, n: number) =>
      api.inject({
        method: 'POST',
        url: '/api/v2/authentication/transactions',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ installation_id: 'payer', account_id: `acc-${n}`, type: 'payment' }),
      });
    // Arriving together: tenant A's four and tenant B's two are all counted before any of them runs.
    const replies = await Promise.all([
      ...[0, 1, 2, 3].map((n) => pay(t.token, n)),
      ...[4, 5].map((n) => pay(other.token, n)),
    ]);
    const admitted = (rs: typeof replies) => rs.filter((r) => r.statusCode === 200).length;
    // Three slots in all, at most two for one tenant; which requests got them is the order they arrived in.
    expect(admitted(replies)).toBe(3);
    expect(admitted(replies.slice(0, 4))).toBeLessThanOrEqual(2);
    expect(admitted(replies.slice(4))).toBeGreaterThanOrEqual(1);
    for (const r of replies.filter((r) => r.statusCode !== 200)) {
      expect([429, 503]).toContain(r.statusCode);
      expect(r.headers['retry-after']).toBe('1');
      expect(r.json().errors.length).toBe(1);
    }
    // Slots come back once answered: the same burst again gets the same answers, not fewer.
    const again = await Promise.all([pay(t.token, 6), pay(t.token, 7), pay(t.token, 8)]);
    expect(again.map((r) => r.statusCode)).toEqual([200, 200, 429]);
    const stored = await t.runtime.db.selectFrom('transactions').select('id').execute();
    expect(stored).toHaveLength(5);
  });
});
