import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../../lib/domain/webhook/webhook-signature';
import { TEST_ENGINES } from '../engines';
import { DEVICE, eventsAround, type WorkerTestApi } from '../test-api';
import type { Receiver } from './webhook-receiver';
import { startWebhookSuite, type WebhookSuite } from './webhook-suite';

const HOME = { lat: -23.5614, lng: -46.6559 };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(TEST_ENGINES)('48-hour reassessment and signed webhooks on %s', (engine) => {
  let suite: WebhookSuite;
  let t: WorkerTestApi;
  let receiver: Receiver;
  let secret: string;

  beforeAll(async () => {
    suite = await startWebhookSuite(engine);
    ({ t, receiver, secret } = suite);
    expect(secret).toMatch(/^whsec_/);
  });
  afterAll(() => suite.close());

  /** Lets the debounce window pass and runs everything due, twice (reassess, then deliver). */
  async function settle() {
    t.clock.advance(10_000);
    await t.worker.drain();
  }

  const ofType = (type: string) => receiver.received.filter((r) => r.json.event_type === type);

  it('unknown_risk → events at the address → low_risk, one signed verification webhook', async () => {
    await t.ingest('phone-1', { device: DEVICE, events: [] });
    const created = await t.request('POST', '/api/v2/onboarding/signups', {
      installation_id: 'phone-1',
      address_coordinates: HOME,
    });
    expect(created.json().risk_assessment).toBe('unknown_risk');
    const signupId = created.json<{ id: string }>().id;

    t.clock.advance(MINUTE);
    const ingested = await t.ingest('phone-1', {
      device: DEVICE,
      events: eventsAround(HOME, 40, t.clock.now()),
    });
    expect(ingested.statusCode).toBe(202);
    await settle();
    await settle();

    expect((await t.request('GET', `/api/v2/onboarding/signups/${signupId}`)).json().risk_assessment).toBe(
      'low_risk',
    );
    const verifications = ofType('verification');
    expect(verifications).toHaveLength(1);
    const hook = verifications[0]!;
    expect(hook.json).toMatchObject({
      signup_id: signupId,
      installation_id: 'phone-1',
      event_type: 'verification',
      risk_assessment_before: 'unknown_risk',
      risk_assessment_after: 'low_risk',
    });
    expect(Object.keys(hook.json.evidence as object).sort()).toEqual(
      expect.arrayContaining(['device_model', 'location_events_quantity']),
    );
    const ts = String(hook.headers['service-timestamp']);
    expect(Number(ts)).toBeLessThanOrEqual(Math.floor(t.clock.now() / 1000)); // the clock's seconds, not the wall's
    expect(verifyWebhookSignature(secret, ts, hook.body, String(hook.headers['service-signature']))).toBe(
      true,
    );
    expect(
      verifyWebhookSignature('whsec_wrong', ts, hook.body, String(hook.headers['service-signature'])),
    ).toBe(false);
  });

  it('contradicting evidence → risk_increase; cleared → risk_decrease; history keeps every change', async () => {
    const signupId = String(ofType('verification')[0]!.json.signup_id);
    t.clock.advance(MINUTE);
    await t.ingest('phone-1', {
      device: { ...DEVICE, gps_spoofing: true },
      events: eventsAround(HOME, 1, t.clock.now()),
    });
    await settle();
    await settle();
    expect(ofType('risk_increase')).toHaveLength(1);
    expect(ofType('risk_increase')[0]!.json).toMatchObject({
      signup_id: signupId,
      risk_assessment_before: 'low_risk',
      risk_assessment_after: 'high_risk',
    });

    t.clock.advance(MINUTE);
    await t.ingest('phone-1', { device: DEVICE, events: eventsAround(HOME, 1, t.clock.now()) });
    await settle();
    await settle();
    expect(ofType('risk_decrease')).toHaveLength(1);
    expect(ofType('risk_decrease')[0]!.json).toMatchObject({
      risk_assessment_before: 'high_risk',
      risk_assessment_after: 'low_risk',
    });

    const history = await t.runtime.db
      .selectFrom('signup_assessments')
      .select(['risk_assessment', 'trigger'])
      .where('signup_id', '=', signupId)
      .orderBy('assessed_at')
      .execute();
    expect(history.map((h) => h.risk_assessment)).toEqual([
      'unknown_risk',
      'low_risk',
      'high_risk',
      'low_risk',
    ]);
    expect(history[0]!.trigger).toBe('created');
    expect(history.slice(1).every((h) => h.trigger === 'location_events')).toBe(true);
    const ids = receiver.received.map((r) => r.json.event_id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sends nothing for an event type the tenant did not configure', async () => {
    await t.request('PUT', '/api/v2/admin/webhook', { url: receiver.url, event_types: ['verification'] });
    const before = receiver.received.length;
    t.clock.advance(MINUTE);
    await t.ingest('phone-1', {
      device: { ...DEVICE, emulator: true },
      events: eventsAround(HOME, 1, t.clock.now()),
    });
    await settle();
    await settle();
    const signupId = String(ofType('verification')[0]!.json.signup_id);
    expect((await t.request('GET', `/api/v2/onboarding/signups/${signupId}`)).json().risk_assessment).toBe(
      'high_risk',
    );
    expect(receiver.received.length).toBe(before);
    await t.request('PUT', '/api/v2/admin/webhook', {
      url: receiver.url,
      event_types: ['verification', 'risk_increase', 'risk_decrease'],
    });
  });

  it('reassesses nothing and notifies nothing after 48 hours', async () => {
    await t.ingest('phone-2', { device: DEVICE, events: [] });
    const created = await t.request('POST', '/api/v2/onboarding/signups', {
      installation_id: 'phone-2',
      address_coordinates: HOME,
    });
    const signupId = created.json<{ id: string }>().id;
    t.clock.advance(48 * HOUR + MINUTE);
    await t.worker.drain();
    const before = receiver.received.length;
    await t.ingest('phone-2', { device: DEVICE, events: eventsAround(HOME, 40, t.clock.now()) });
    await settle();
    await settle();
    expect((await t.request('GET', `/api/v2/onboarding/signups/${signupId}`)).json().risk_assessment).toBe(
      'unknown_risk',
    );
    expect(receiver.received.length).toBe(before);
  });

  it('time alone changes a verdict at the documented moment: an expiring fraud report, no event', async () => {
    await t.ingest('phone-3', { device: DEVICE, events: eventsAround(HOME, 40, t.clock.now()) });
    const created = await t.request('POST', '/api/v2/onboarding/signups', {
      installation_id: 'phone-3',
      address_coordinates: HOME,
    });
    expect(created.json().risk_assessment).toBe('low_risk');
    const signupId = created.json<{ id: string }>().id;
    const expiresAt = t.clock.now() + 2 * HOUR;
    const reported = await t.request('POST', '/api/v2/feedbacks', {
      event: 'identity_fraud',
      installation_id: 'phone-3',
      expires_at: new Date(expiresAt).toISOString(),
    });
    expect(reported.statusCode).toBe(200);
    await settle();
    await settle();
    t.clock.advance(2 * HOUR);
    await t.worker.drain();
    await t.worker.drain();
    const hooks = receiver.received.filter((r) => r.json.signup_id === signupId);
    expect(hooks.map((r) => r.json.event_type)).toEqual(['risk_increase', 'risk_decrease']);
    const history = await t.runtime.db
      .selectFrom('signup_assessments')
      .select(['risk_assessment', 'trigger', 'assessed_at'])
      .where('signup_id', '=', signupId)
      .orderBy('assessed_at')
      .execute();
    expect(history.map((h) => [h.risk_assessment, h.trigger])).toEqual([
      ['low_risk', 'created'],
      ['high_risk', 'feedback'],
      ['low_risk', 'time'],
    ]);
    expect(Number(history[2]!.assessed_at)).toBeGreaterThanOrEqual(expiresAt);
  });
});
