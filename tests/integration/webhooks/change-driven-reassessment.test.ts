import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupHistory } from '../../../lib/db/repositories/signup-history';
import { SIGNUP_REASSESSMENTS_METRIC } from '../../../lib/jobs/job-metrics';
import { debounceMs } from '../../../lib/runtime/schedule-reassessment';
import { TEST_ENGINES } from '../engines';
import { DEVICE, eventsAround, startTestApi, type WorkerTestApi } from '../test-api';

const HOME = { lat: -23.5614, lng: -46.6559 };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(TEST_ENGINES)('change-driven reassessment on %s', (engine) => {
  let t: WorkerTestApi;
  beforeAll(async () => {
    t = await startTestApi(engine, { worker: {} });
  });
  afterAll(() => t.close());

  /** Signups the worker judged so far, by trigger. */
  async function judged(): Promise<Record<string, number>> {
    const metric = t.runtime.deps.metrics.getSingleMetric(SIGNUP_REASSESSMENTS_METRIC);
    const values = metric ? (await metric.get()).values : [];
    return Object.fromEntries(values.map((v) => [String(v.labels.trigger), v.value]));
  }

  async function signup(installationId: string, body: Record<string, unknown> = {}) {
    const reply = await t.request('POST', '/api/v2/onboarding/signups', {
      installation_id: installationId,
      address_coordinates: HOME,
      ...body,
    });
    expect(reply.statusCode).toBe(200);
    return reply.json<{ id: string; risk_assessment: string; reasons: { code: string }[] }>();
  }

  // The history as its readers see it: a signup not reassessed yet holds its created entry itself.
  const assessments = (signupId: string) =>
    signupHistory(t.runtime.db, t.tenant.tenant_id, [signupId]).orderBy('assessed_at').execute();

  it('a signup with no new data is reassessed only at its time triggers, over its whole 48 hours', async () => {
    await t.ingest('quiet', { device: DEVICE, events: eventsAround(HOME, 40, t.clock.now()) });
    await t.ingest('expiring', { device: DEVICE, events: eventsAround(HOME, 40, t.clock.now()) });
    const expiresAt = t.clock.now() + 10 * HOUR;
    await t.request('POST', '/api/v2/feedbacks', {
      event: 'signup_declined',
      installation_id: 'expiring',
      expires_at: new Date(expiresAt).toISOString(),
    });
    await t.worker.drain();
    const before = await judged();
    const quiet = await signup('quiet');
    const expiring = await signup('expiring');

    const step = 10 * MINUTE;
    for (let elapsed = 0; elapsed <= 49 * HOUR; elapsed += step) {
      t.clock.advance(step);
      await t.worker.drain();
    }

    // The one documented time trigger of these signups: the feedback's expiry (docs/ARCHITECTURE.md).
    const after = await judged();
    expect(after).toEqual({ ...before, time: (before.time ?? 0) + 1 });
    expect((await assessments(quiet.id)).map((a) => a.trigger)).toEqual(['created']);
    const timed = await assessments(expiring.id);
    expect(timed.map((a) => a.trigger)).toEqual(['created', 'time']);
    expect(Number(timed[1]!.assessed_at)).toBeGreaterThanOrEqual(expiresAt);
    expect(Number(timed[1]!.assessed_at)).toBeLessThan(expiresAt + step);
  });

  it('coalesces a burst of changes into one run per installation that judges all its open signups', async () => {
    await t.ingest('farm', { device: DEVICE, events: eventsAround(HOME, 40, t.clock.now()) });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await signup('farm')).id);
    t.clock.advance(debounceMs(12));
    await t.worker.drain();
    const before = await judged();

    for (let i = 0; i < 3; i++) {
      await t.ingest('farm', { device: DEVICE, events: eventsAround(HOME, 2, t.clock.now()) });
      await t.request('POST', '/api/v2/feedbacks', { event: 'verified', installation_id: 'farm' });
    }
    t.clock.advance(debounceMs(12) - 1);
    expect(await t.worker.drain()).toBe(0); // still inside the debounce window
    t.clock.advance(1);
    expect(await t.worker.drain()).toBe(1); // one job for the installation
    const after = await judged();
    const total = (j: Record<string, number>) => Object.values(j).reduce((a, b) => a + b, 0);
    expect(total(after) - total(before)).toBe(ids.length);
  });

  it("a signup at an address its device's signups already declared leaves its siblings alone; a new one does not", async () => {
    await t.ingest('siblings', { device: DEVICE, events: eventsAround(HOME, 40, t.clock.now()) });
    await signup('siblings');
    await signup('siblings');
    t.clock.advance(debounceMs(2));
    await t.worker.drain();
    const before = await judged();
    await signup('siblings'); // the same address again: no diversity moves
    t.clock.advance(debounceMs(3));
    await t.worker.drain();
    expect(await judged()).toEqual(before);

    await signup('siblings', { address_coordinates: { lat: HOME.lat + 0.3, lng: HOME.lng } });
    t.clock.advance(debounceMs(4));
    await t.worker.drain();
    // One run judges every open signup of the installation, the new one with them.
    expect(await judged()).toEqual({ ...before, signup: (before.signup ?? 0) + 4 });
  });

  it('a change to the device graph reaches the signups of its other installations', async () => {
    const device = { ...DEVICE };
    await t.ingest('graph-0', {
      device_id: 'shared-device',
      device,
      events: eventsAround(HOME, 40, t.clock.now()),
    });
    const first = await signup('graph-0');
    expect(first.risk_assessment).toBe('low_risk');
    for (let i = 1; i <= 4; i++) {
      await t.ingest(`graph-${i}`, { device_id: 'shared-device', device, events: [] });
    }
    t.clock.advance(debounceMs(1));
    await t.worker.drain();
    const history = await assessments(first.id);
    expect(history.map((h) => [h.risk_assessment, h.trigger])).toEqual([
      ['low_risk', 'created'],
      ['high_risk', 'graph'],
    ]);
    const now = await t.request('GET', `/api/v2/onboarding/signups/${first.id}`);
    expect(now.json<{ reasons: { code: string }[] }>().reasons.map((r) => r.code)).toContain(
      'multiple_installations',
    );
  });
  it("a payment by an account new to the device reassesses the device's open signups; the account's next payment does not", async () => {
    await t.ingest('payer', { device: DEVICE, events: eventsAround(HOME, 40, t.clock.now()) });
    await signup('payer');
    t.clock.advance(debounceMs(1));
    await t.worker.drain();
    const pay = async () => {
      const reply = await t.request('POST', '/api/v2/authentication/transactions', {
        installation_id: 'payer',
        account_id: 'payer-account',
        type: 'payment',
        addresses: [{ type: 'shipping', address_coordinates: HOME, structured_address: null }],
      });
      expect(reply.statusCode).toBe(200);
    };
    const before = await judged();
    await pay();
    t.clock.advance(debounceMs(1));
    await t.worker.drain();
    const linked = await judged();
    expect(linked).toEqual({ ...before, graph: (before.graph ?? 0) + 1 });

    await pay();
    t.clock.advance(debounceMs(1));
    await t.worker.drain();
    expect(await judged()).toEqual(linked);
  });
});
