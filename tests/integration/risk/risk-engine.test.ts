import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_ENGINES } from '../engines';
import { startTestApi, type TestApi } from '../test-api';

const HOME = { lat: -23.5614, lng: -46.6559 };
const DAY = 86_400_000;

/**
 * A phone's fixes: hourly with seconds of scheduling jitter and an accuracy that varies, as real phones
 * report (an exact hourly tick with one accuracy value is what a script sends: signal-integrity.ts).
 */
function fixes(start: number, days: number, at = HOME) {
  return Array.from({ length: days * 6 }, (_, i) => ({
    ts: start + Math.floor(i / 6) * DAY + (i % 6) * 3_600_000 + ((i * 7_919) % 50_000),
    lat: at.lat + ((i % 3) - 1) * 0.00005,
    lng: at.lng,
    accuracy_m: 8 + ((i * 37) % 11),
    source: i % 2 ? 'wifi' : 'gps',
  }));
}

/** The same fixes as the fingerprint repository takes them (a stored event). */
const storedEvents = (list: ReturnType<typeof fixes>) =>
  list.map((f) => ({
    ts: f.ts,
    lat: f.lat,
    lng: f.lng,
    accuracyM: f.accuracy_m,
    source: f.source as 'gps' | 'wifi',
    mock: false,
  }));

describe.each(TEST_ENGINES)('risk engine on %s', (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(engine);
  });
  afterAll(async () => t?.close());

  it('keeps one fingerprint row per installation, updated with each batch, and exposes its places', async () => {
    // 00:00–05:00 local time (UTC−3 from the longitude): nights at home.
    const start = Date.UTC(2026, 4, 26, 3);
    const events = fixes(start, 5);
    await t.ingest('fp-1', { installation_id: 'fp-1', device_id: 'dev-fp', events: events.slice(0, 10) });
    await t.ingest('fp-1', { installation_id: 'fp-1', device_id: 'dev-fp', events: events.slice(10) });
    const { makeRepos } = await import('../../../lib/db/repositories/index');
    const r = makeRepos(t.runtime.db);
    const fp = await r.fingerprints.get(t.tenant.tenant_id, 'fp-1');
    expect(fp?.events).toBe(events.length);
    const places = await r.fingerprints.placesOf(t.tenant.tenant_id, 'fp-1');
    expect(places[0]).toMatchObject({ kind: 'home' });
    const signup = await t.request('POST', '/api/v2/onboarding/signups', {
      installation_id: 'fp-1',
      address_coordinates: HOME,
    });
    expect(signup.statusCode).toBe(200);
    const body = signup.json<{ risk_assessment: string; evidence: Record<string, unknown> }>();
    expect(body.risk_assessment).toBe('low_risk');
    expect(body.evidence.location_events_near_address).toBe(events.length);
  });

  it('stores how each assessment was reached beside its evidence, and never sends it to clients', async () => {
    await t.ingest('ex-1', { installation_id: 'ex-1', events: fixes(t.clock.now() - 3 * DAY, 2) });
    const signup = await t.request('POST', '/api/v2/onboarding/signups', {
      installation_id: 'ex-1',
      address_coordinates: HOME,
    });
    const payment = await t.request('POST', '/api/v2/authentication/transactions', {
      installation_id: 'ex-1',
      account_id: 'acc-ex',
      type: 'payment',
    });
    const unevaluated = await t.request('POST', '/api/v2/authentication/transactions?eval=false', {
      installation_id: 'ex-1',
      account_id: 'acc-ex',
      type: 'payment',
    });
    for (const res of [signup, payment]) expect(Object.keys(res.json())).not.toContain('explanation');
    const { makeRepos } = await import('../../../lib/db/repositories/index');
    const r = makeRepos(t.runtime.db);
    const stored = await r.signups.find(t.tenant.tenant_id, signup.json<{ id: string }>().id);
    expect(stored?.explanation).toMatchObject({ decidedBy: 'model', thinEvidence: null, rules: [] });
    expect(stored?.explanation?.contributions.length).toBeGreaterThan(0);
    // A reassessment (here: the address changed to one 20 km away) stores its own explanation.
    t.clock.advance(60_000);
    const moved = await t.request('PUT', `/api/v2/onboarding/signups/${stored?.id}`, {
      address_coordinates: { lat: HOME.lat + 0.18, lng: HOME.lng },
    });
    expect(moved.statusCode).toBe(200);
    const latest = await r.signups.find(t.tenant.tenant_id, stored?.id ?? '');
    const history = await t.runtime.db
      .selectFrom('signup_assessments')
      .select('explanation')
      .where('signup_id', '=', stored?.id ?? '')
      .orderBy('assessed_at')
      .execute();
    const explanations = history.map((h) => JSON.parse(h.explanation ?? 'null') as unknown);
    expect(explanations).toEqual([stored?.explanation, latest?.explanation]);
    expect(latest?.explanation?.probability).toBeGreaterThan(stored?.explanation?.probability ?? 1);
    const tx = await r.transactions.find(t.tenant.tenant_id, payment.json<{ id: string }>().id);
    expect(tx?.explanation?.probability).toBeGreaterThanOrEqual(0);
    expect(tx?.explanation?.modelVersion).toMatch(/./);
    expect(unevaluated.json()).toEqual({});
    const rows = await t.runtime.db
      .selectFrom('transactions')
      .select(['evaluated', 'explanation'])
      .where('account_id', '=', 'acc-ex')
      .execute();
    expect(rows.find((row) => row.evaluated === 0)?.explanation).toBeNull();
  });

  it('counts payments and chargebacks per area into chargeback_rate_near_* evidence', async () => {
    await t.ingest('cb-1', { installation_id: 'cb-1', events: fixes(t.clock.now() - 3 * DAY, 2) });
    const address = { type: 'shipping', address_coordinates: HOME };
    const pay = async () =>
      (
        await t.request('POST', '/api/v2/authentication/transactions', {
          installation_id: 'cb-1',
          account_id: 'acc-cb',
          type: 'payment',
          addresses: [address],
        })
      ).json<{ id: string; evidence: { addresses: Record<string, number>[] } }>();
    const first = await pay();
    await pay();
    const fb = await t.request('POST', '/api/v2/feedbacks', { event: 'chargeback', payment_id: first.id });
    expect(fb.statusCode).toBe(200);
    // A second report about the same payment does not count twice.
    await t.request('POST', '/api/v2/feedbacks', { event: 'chargeback_notification', payment_id: first.id });
    const third = await pay();
    const rates = third.evidence.addresses[0]!;
    expect(rates.chargeback_rate_near_150_meters).toBe(0.5);
    expect(rates.chargeback_rate_near_1500_meters).toBe(0.5);
    expect(rates.chargeback_rate_near_5000_meters).toBe(0.5);
    // 2.5 km away only the widest ring holds those three payments and their one chargeback.
    const away = (
      await t.request('POST', '/api/v2/authentication/transactions', {
        installation_id: 'cb-1',
        account_id: 'acc-cb',
        type: 'payment',
        addresses: [{ type: 'shipping', address_coordinates: { lat: HOME.lat + 0.0225, lng: HOME.lng } }],
      })
    ).json<{ evidence: { addresses: Record<string, number>[] } }>();
    expect(away.evidence.addresses[0]).toMatchObject({
      chargeback_rate_near_150_meters: 0,
      chargeback_rate_near_1500_meters: 0,
      chargeback_rate_near_5000_meters: 0.3333,
    });
  });

  it('says whether the device is at the store registered through the admin route', async () => {
    const put = await t.request('PUT', '/api/v2/admin/stores/store-1', {
      latitude: HOME.lat,
      longitude: HOME.lng,
    });
    expect(put.statusCode).toBe(200);
    await t.ingest('st-1', {
      installation_id: 'st-1',
      events: [{ ts: t.clock.now() - 60_000, lat: HOME.lat, lng: HOME.lng, accuracy_m: 10, source: 'gps' }],
    });
    const reply = await t.request('POST', '/api/v2/authentication/transactions', {
      installation_id: 'st-1',
      account_id: 'acc-st',
      type: 'payment',
      store_id: 'store-1',
    });
    const evidence = reply.json<{ evidence: { store: Record<string, unknown> } }>().evidence;
    expect(evidence.store).toMatchObject({ store_id: 'store-1', device_at_store: true });
  });

  it('reads the fingerprint and the device graph in one statement', async () => {
    const other = await t.runtime.createTenant('other graph');
    const { makeRepos } = await import('../../../lib/db/repositories/index');
    const r = makeRepos(t.runtime.db);
    const tenantId = t.tenant.tenant_id;
    const at = t.clock.now();
    const install = (tenant: string, installationId: string, deviceId: string | null) =>
      r.installations.upsert({ tenantId: tenant, installationId, deviceId, device: null, newEvents: [], at });
    await install(tenantId, 'dh-1', 'dh-device');
    await install(tenantId, 'dh-2', 'dh-device');
    await install(other.tenant_id, 'dh-o', 'dh-device');
    // Account a on both installations (counted once), b on the second one, c on the other tenant's.
    await r.installations.linkAccount(tenantId, 'dh-1', 'a', 'dh-device', at);
    await r.installations.linkAccount(tenantId, 'dh-2', 'a', 'dh-device', at);
    await r.installations.linkAccount(tenantId, 'dh-2', 'b', 'dh-device', at);
    await r.installations.linkAccount(other.tenant_id, 'dh-o', 'c', 'dh-device', at);
    const events = storedEvents(fixes(at - 2 * DAY, 1));
    await r.fingerprints.addEvents(tenantId, 'dh-1', events, at);

    const history = await r.deviceHistory.load(tenantId, 'dh-1', 'dh-device');
    // The other tenant's installation and account are not this tenant's graph (global signals: cross-tenant.test.ts).
    expect(history.graph).toEqual({ accountsOnDevice: 2, installationsOnDevice: 2 });
    expect(history.fingerprint?.events).toBe(6);
    expect(history.feedbackCount).toBe(0);

    const alone = await r.deviceHistory.load(tenantId, 'dh-1', null);
    expect(alone.graph).toEqual({ accountsOnDevice: 1, installationsOnDevice: 1 });
    expect((await r.deviceHistory.load(tenantId, 'dh-none', null)).fingerprint).toBeNull();
    // The other tenant's claim on the device is counted (global signals read past one), never for no device.
    expect(history.otherTenantCount).toBe(1);
    expect(alone.otherTenantCount).toBe(0);
  });

  it("counts the accounts linked to the installation on another device or none beside the device's, once each", async () => {
    const { makeRepos } = await import('../../../lib/db/repositories/index');
    const r = makeRepos(t.runtime.db);
    const tenantId = t.tenant.tenant_id;
    const at = t.clock.now();
    for (const installationId of ['ad-1', 'ad-2'])
      await r.installations.upsert({
        tenantId,
        installationId,
        deviceId: 'ad-device',
        device: null,
        newEvents: [],
        at,
      });
    // A link keeps the device it was made on: ad-1's account p before it had a device, q on an old one.
    await r.installations.linkAccount(tenantId, 'ad-1', 'p', null, at);
    await r.installations.linkAccount(tenantId, 'ad-1', 'q', 'ad-old-device', at);
    await r.installations.linkAccount(tenantId, 'ad-1', 's', 'ad-device', at);
    // s again and t on the device's other installation; q is on the device too, through ad-2.
    await r.installations.linkAccount(tenantId, 'ad-2', 's', 'ad-device', at);
    await r.installations.linkAccount(tenantId, 'ad-2', 't', 'ad-device', at);
    await r.installations.linkAccount(tenantId, 'ad-2', 'q', 'ad-device', at);

    expect((await r.deviceHistory.load(tenantId, 'ad-1', 'ad-device')).graph.accountsOnDevice).toBe(4);
    expect((await r.deviceHistory.load(tenantId, 'ad-1', null)).graph.accountsOnDevice).toBe(3);
    expect((await r.deviceHistory.load(tenantId, 'ad-2', 'ad-device')).graph.accountsOnDevice).toBe(3);
    expect((await r.deviceHistory.load(tenantId, 'ad-none', 'ad-device')).graph.accountsOnDevice).toBe(3);
    const found = await r.deviceHistory.findForSignup(tenantId, 'ad-1');
    expect(found?.history.graph).toEqual({ accountsOnDevice: 4, installationsOnDevice: 2 });
  });

  it("reads a payment's account history: the fingerprints of its five most recently used other installations", async () => {
    const { makeRepos } = await import('../../../lib/db/repositories/index');
    const r = makeRepos(t.runtime.db);
    const tenantId = t.tenant.tenant_id;
    const at = t.clock.now();
    // Seven installations of one account, each with a fingerprint of its own size (6 events a day of
    // fixes), linked one minute apart: ot-0 pays, ot-1 is the account's least recently used.
    for (let i = 0; i < 7; i++) {
      const installationId = `ot-${i}`;
      await r.installations.upsert({
        tenantId,
        installationId,
        deviceId: null,
        device: null,
        newEvents: [],
        at,
      });
      await r.installations.linkAccount(tenantId, installationId, 'ot-account', null, at + i * 60_000);
      const events = storedEvents(fixes(at - 10 * DAY, i + 1));
      await r.fingerprints.addEvents(tenantId, installationId, events, at);
    }
    const eventCounts = (fingerprints: readonly { events: number }[]) =>
      fingerprints.map((f) => f.events).sort((a, b) => a - b);
    // Read twice: a statement run again with new bindings answers as the first time.
    for (const round of [1, 2]) {
      const found = await r.deviceHistory.findForPayment(tenantId, 'ot-0', 'ot-account', 5, []);
      expect(eventCounts(found?.history.account.otherFingerprints ?? []), `round ${round}`).toEqual([
        18, 24, 30, 36, 42,
      ]);
    }
    const loaded = await r.deviceHistory.loadForPayment(tenantId, 'ot-0', null, 'ot-account', 5);
    expect(eventCounts(loaded.account.otherFingerprints)).toEqual([18, 24, 30, 36, 42]);
    // Another limit, another statement: the two most recently used.
    const two = await r.deviceHistory.loadForPayment(tenantId, 'ot-0', null, 'ot-account', 2);
    expect(eventCounts(two.account.otherFingerprints)).toEqual([36, 42]);
    // An account on no other installation has none.
    await r.installations.linkAccount(tenantId, 'ot-0', 'ot-alone', null, at);
    const alone = await r.deviceHistory.findForPayment(tenantId, 'ot-0', 'ot-alone', 5, []);
    expect(alone?.history.account.otherFingerprints).toEqual([]);
  });

  it("reads a signup's history and the addresses declared on its installation and device in one statement", async () => {
    const tenantId = t.tenant.tenant_id;
    const { makeRepos } = await import('../../../lib/db/repositories/index');
    const r = makeRepos(t.runtime.db);
    const signUp = async (installationId: string, at: { lat: number; lng: number }, line: string) => {
      await t.ingest(installationId, {
        installation_id: installationId,
        device_id: 'sh-device',
        events: fixes(t.clock.now() - 3 * DAY, 2, at),
      });
      const reply = await t.request('POST', '/api/v2/onboarding/signups', {
        installation_id: installationId,
        address_line: line,
        address_coordinates: at,
      });
      expect(reply.statusCode).toBe(200);
      return reply.json<{ id: string }>().id;
    };
    const own = await signUp('sh-1', HOME, 'Av. Paulista 1000, São Paulo');
    const sibling = await signUp(
      'sh-2',
      { lat: -22.9068, lng: -43.1729 },
      'Av. Atlântica 500, Rio de Janeiro',
    );

    const loaded = await r.deviceHistory.loadForSignup(tenantId, 'sh-1', 'sh-device');
    expect(loaded.declaredOnDevice.map((d) => d.signupId).sort()).toEqual([own, sibling].sort());
    const declared = loaded.declaredOnDevice.find((d) => d.signupId === sibling)?.declared;
    expect(declared?.point?.lat).toBeCloseTo(-22.9068, 4);
    expect(loaded.graph.installationsOnDevice).toBe(2);
    expect(loaded.fingerprint?.events).toBeGreaterThan(0);
    expect(loaded).toMatchObject(await r.deviceHistory.load(tenantId, 'sh-1', 'sh-device'));
    // Without a device id only the installation's own signups count.
    const alone = await r.deviceHistory.loadForSignup(tenantId, 'sh-1', null);
    expect(alone.declaredOnDevice.map((d) => d.signupId)).toEqual([own]);
    expect((await r.deviceHistory.loadForSignup(tenantId, 'sh-none', null)).declaredOnDevice).toEqual([]);

    if (engine === 'postgres') {
      // Round trips of a signup that arms nothing: the installation with its history, and the insert,
      // a transaction of its own (no BEGIN, no COMMIT). Counted on the second such signup: the signups
      // above declared new addresses, whose insert is another statement (it counts the open signups
      // around them) inside a transaction.
      const sameAddress = () =>
        t.runtime.deps.createSignup(
          { tenantId },
          {
            installation_id: 'sh-1',
            address_line: 'Av. Paulista 1000, São Paulo',
            address_coordinates: HOME,
          },
        );
      await sameAddress();
      const spy = vi.spyOn(pg.Client.prototype, 'query');
      await sameAddress();
      const statements = spy.mock.calls.length;
      spy.mockRestore();
      expect(statements).toBe(2);
    }
  });
});
