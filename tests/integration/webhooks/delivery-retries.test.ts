import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../../lib/domain/webhook/webhook-signature';
import { TEST_ENGINES } from '../engines';
import { startTestApi, type WorkerTestApi } from '../test-api';
import type { Receiver, ReceiverBehaviour } from './webhook-receiver';
import { signupWithTransition } from './scripted-transition';
import { WEBHOOK_TEST_ENV, startWebhookSuite, type WebhookSuite } from './webhook-suite';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(TEST_ENGINES)('webhook delivery on %s', (engine) => {
  let suite: WebhookSuite;
  let t: WorkerTestApi;
  let receiver: Receiver;
  let secret: string;

  beforeAll(async () => {
    suite = await startWebhookSuite(engine);
    ({ t, receiver, secret } = suite);
  });
  afterAll(() => suite.close());

  const attemptsOf = (eventId: string) =>
    t.runtime.db
      .selectFrom('webhook_attempts')
      .selectAll()
      .where('event_id', '=', eventId)
      .orderBy('attempt')
      .execute();
  const receivedFor = (eventId: string) => receiver.received.filter((r) => r.json.event_id === eventId);

  const failures: [string, ReceiverBehaviour, string][] = [
    ['answers 500', { kind: 'status', status: 500 }, 'http_error'],
    ['redirects (302)', { kind: 'redirect' }, 'redirect'],
    ['hangs past 2 s', { kind: 'hang' }, 'timeout'],
  ];

  it.each(failures)(
    'receiver %s → exactly two attempts, the second an hour later, same event',
    async (_name, behaviour, outcome) => {
      receiver.behave(behaviour);
      const { eventId } = await signupWithTransition(t, `failing-${outcome}`);
      expect(eventId).toBeTruthy();
      const start = t.clock.now();
      await t.worker.drain();
      expect(receivedFor(eventId!)).toHaveLength(1);

      t.clock.advance(HOUR - MINUTE);
      await t.worker.drain();
      expect(receivedFor(eventId!)).toHaveLength(1);

      t.clock.advance(MINUTE);
      await t.worker.drain();
      const got = receivedFor(eventId!);
      expect(got).toHaveLength(2);
      expect(got[1]!.body).toBe(got[0]!.body);
      expect(
        Number(got[1]!.headers['service-timestamp']) - Number(got[0]!.headers['service-timestamp']),
      ).toBe(3600);
      for (const r of got) {
        const ts = String(r.headers['service-timestamp']);
        expect(verifyWebhookSignature(secret, ts, r.body, String(r.headers['service-signature']))).toBe(true);
      }

      t.clock.advance(5 * HOUR);
      await t.worker.drain();
      expect(receivedFor(eventId!)).toHaveLength(2);
      const attempts = await attemptsOf(eventId!);
      expect(attempts.map((a) => [a.attempt, a.outcome, a.started_at - start])).toEqual([
        [1, outcome, 0],
        [2, outcome, HOUR],
      ]);
      expect(attempts[0]!.next_retry_at).toBe(start + HOUR);
      expect(attempts[1]!.next_retry_at).toBeNull();
      const event = await t.runtime.db
        .selectFrom('webhook_events')
        .selectAll()
        .where('id', '=', eventId!)
        .executeTakeFirstOrThrow();
      expect(event).toMatchObject({ status: 'failed', attempts: 2, next_attempt_at: null });
    },
  );

  it('a retry that succeeds marks the event delivered', async () => {
    receiver.behave({ kind: 'status', status: 503 });
    const { eventId } = await signupWithTransition(t, 'recovers');
    await t.worker.drain();
    receiver.behave({ kind: 'status', status: 204 });
    t.clock.advance(HOUR);
    await t.worker.drain();
    const attempts = await attemptsOf(eventId!);
    expect(attempts.map((a) => a.status_code)).toEqual([503, 204]);
    const event = await t.runtime.db
      .selectFrom('webhook_events')
      .select('status')
      .where('id', '=', eventId!)
      .executeTakeFirstOrThrow();
    expect(event.status).toBe('delivered');
  });

  it('rotation: the new secret signs Service-Signature, the old one Service-Signature-Previous during the grace period', async () => {
    receiver.behave({ kind: 'status', status: 200 });
    const rotated = await t.request('POST', '/api/v2/admin/webhook/secret', { grace_seconds: 3600 });
    const fresh = rotated.json<{ secret: string }>().secret;
    expect(fresh).not.toBe(secret);
    const { eventId } = await signupWithTransition(t, 'rotating');
    await t.worker.drain();
    const [r] = receivedFor(eventId!);
    const ts = String(r!.headers['service-timestamp']);
    expect(verifyWebhookSignature(fresh, ts, r!.body, String(r!.headers['service-signature']))).toBe(true);
    expect(
      verifyWebhookSignature(secret, ts, r!.body, String(r!.headers['service-signature-previous'])),
    ).toBe(true);

    t.clock.advance(HOUR + MINUTE);
    const later = await signupWithTransition(t, 'rotated');
    await t.worker.drain();
    const [after] = receivedFor(later.eventId!);
    expect(after!.headers['service-signature-previous']).toBeUndefined();
    secret = fresh;
  });

  it('a custom header prefix names the headers (drop-in for the commercial service)', async () => {
    await t.request('PUT', '/api/v2/admin/webhook', {
      url: receiver.url,
      event_types: ['verification'],
      header_prefix: 'Incognia',
    });
    const { eventId } = await signupWithTransition(t, 'branded');
    await t.worker.drain();
    const [r] = receivedFor(eventId!);
    const ts = String(r!.headers['incognia-timestamp']);
    expect(verifyWebhookSignature(secret, ts, r!.body, String(r!.headers['incognia-signature']))).toBe(true);
    expect(r!.headers['service-signature']).toBeUndefined();
  });

  it('only configured event types are written to the outbox', async () => {
    const { eventId } = await signupWithTransition(t, 'straight-to-high', 'high_risk');
    expect(eventId).toBeTruthy(); // unknown → high is a verification
    const { eventId: none } = await signupWithTransition(t, 'no-type', 'unknown_risk');
    expect(none).toBeNull();
  });

  it('admin routes: show without secret, send a test event, list the last attempts', async () => {
    const shown = await t.request('GET', '/api/v2/admin/webhook');
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ url: receiver.url, signature_header: 'Incognia-Signature' });
    expect(JSON.stringify(shown.json())).not.toMatch(/whsec_/);

    t.clock.advance(MINUTE);
    const test = await t.request('POST', '/api/v2/admin/webhook/test');
    expect(test.json()).toMatchObject({ event_type: 'test', outcome: 'delivered', status_code: 200 });
    const [r] = receivedFor(test.json<{ event_id: string }>().event_id);
    const ts = String(r!.headers['incognia-timestamp']);
    expect(verifyWebhookSignature(secret, ts, r!.body, String(r!.headers['incognia-signature']))).toBe(true);

    const attempts = await t.request('GET', '/api/v2/admin/webhook/attempts?limit=3');
    expect(attempts.json().attempts).toHaveLength(3);
    expect(attempts.json().attempts[0]).toMatchObject({ event_type: 'test', outcome: 'delivered' });
  });

  it('refuses URLs that are not https or that resolve to private addresses unless the operator allows them', async () => {
    const strict = await startTestApi(engine, {
      env: { ...WEBHOOK_TEST_ENV, LOCUS_WEBHOOK_ALLOW_PRIVATE: '0', LOCUS_WEBHOOK_HTTP_HOSTS: '' },
      worker: {},
    });
    try {
      for (const url of [
        'http://example.com/hook',
        'https://127.0.0.1/hook',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/hook',
        'https://10.1.2.3/hook',
        'https://100.64.0.1/hook',
        'https://localhost/hook',
        'https://user:pw@example.com/hook',
      ]) {
        const reply = await strict.request('PUT', '/api/v2/admin/webhook', {
          url,
          event_types: ['verification'],
        });
        expect(reply.statusCode, url).toBe(400);
      }
    } finally {
      await strict.close();
    }
  });

  it('exposes the age of the oldest due job in /metrics', async () => {
    const metrics = await t.api.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/locus_jobs_oldest_pending_age_seconds \d/);
  });
});
