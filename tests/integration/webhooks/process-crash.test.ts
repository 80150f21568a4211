import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { makeJobRepo } from '../../../lib/db/repositories/job-repo';
import { enqueueWebhookDelivery } from '../../../lib/jobs/deliver-webhook-job';
import { createRuntime } from '../../../lib/runtime/create-runtime';
import { makeWebhookOutboxRepo } from '../../../lib/webhooks/webhook-outbox-repo';
import { freshDatabase, TEST_ENGINES, type TestDatabase } from '../engines';
import { startReceiver, type Receiver } from './webhook-receiver';
import { WEBHOOK_TEST_ENV } from './webhook-suite';
import { killHard, pgUrlWithSchema, spawnWorker, waitFor } from './worker-process';

/** A migrated database with a tenant whose webhook points at the receiver, and `n` queued events. */
async function queueEvents(database: TestDatabase, receiver: Receiver, n: number): Promise<string[]> {
  const runtime = await createRuntime({
    databaseUrl: database.url,
    connect: database.schema ? { schema: database.schema } : {},
    env: WEBHOOK_TEST_ENV,
  });
  try {
    const tenant = await runtime.createTenant('crash tenant');
    await runtime.deps.webhooks.configure(tenant.tenant_id, {
      url: receiver.url,
      event_types: ['verification'],
    });
    const now = runtime.clock.now();
    const ids = Array.from({ length: n }, () => randomUUID());
    await runtime.db.transaction().execute(async (trx) => {
      const outbox = makeWebhookOutboxRepo(trx);
      for (const id of ids) {
        const body = JSON.stringify({ event_id: id, signup_id: randomUUID(), event_type: 'verification' });
        await outbox.insertEvent({
          id,
          tenantId: tenant.tenant_id,
          signupId: null,
          eventType: 'verification',
          before: 'unknown_risk',
          after: 'low_risk',
          body,
          triggeredAt: now,
          createdAt: now,
        });
        await enqueueWebhookDelivery(makeJobRepo(trx), tenant.tenant_id, id, now);
      }
    });
    return ids;
  } finally {
    await runtime.close();
  }
}

async function eventStatuses(database: TestDatabase): Promise<string[]> {
  const runtime = await createRuntime({
    databaseUrl: database.url,
    connect: database.schema ? { schema: database.schema } : {},
    env: WEBHOOK_TEST_ENV,
  });
  try {
    return (await runtime.db.selectFrom('webhook_events').select('status').execute()).map((r) => r.status);
  } finally {
    await runtime.close();
  }
}

const workerUrl = (d: TestDatabase) => (d.schema ? pgUrlWithSchema(d.url, d.schema) : d.url);

describe('crash safety', () => {
  const children: ChildProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) await killHard(c);
    for (const f of cleanups.splice(0)) await f();
  });

  it.each(TEST_ENGINES)('kill -9 during a delivery on %s → delivered after restart', async (engine) => {
    const database = await freshDatabase(engine);
    const receiver = await startReceiver();
    cleanups.push(
      () => receiver.close(),
      () => database.drop(),
    );
    const [eventId] = await queueEvents(database, receiver, 1);

    receiver.behave({ kind: 'hang' });
    const first = spawnWorker(workerUrl(database));
    children.push(first);
    await waitFor(() => receiver.received.length >= 1);
    await killHard(first); // mid-attempt: nothing about it was committed

    receiver.behave({ kind: 'status', status: 200 });
    const second = spawnWorker(workerUrl(database));
    children.push(second);
    await waitFor(async () => (await eventStatuses(database)).every((s) => s === 'delivered'), 200);
    expect(new Set(receiver.received.map((r) => r.json.event_id))).toEqual(new Set([eventId]));
    expect(receiver.received.length).toBeGreaterThanOrEqual(2); // a duplicate is allowed (SPEC §6.3.6)
  });

  it.runIf(TEST_ENGINES.includes('postgres'))(
    'two workers on PostgreSQL, 1,000 deliveries, one killed midway → all delivered, never twice at once',
    async () => {
      const database = await freshDatabase('postgres');
      const receiver = await startReceiver();
      cleanups.push(
        () => receiver.close(),
        () => database.drop(),
      );
      receiver.delay(5);
      const ids = await queueEvents(database, receiver, 1000);

      const a = spawnWorker(workerUrl(database));
      const b = spawnWorker(workerUrl(database));
      children.push(a, b);
      await waitFor(() => receiver.received.length >= 300);
      await killHard(a);
      await waitFor(async () => (await eventStatuses(database)).every((s) => s === 'delivered'), 250);

      expect(new Set(receiver.received.map((r) => String(r.json.event_id)))).toEqual(new Set(ids));
      expect(receiver.maxConcurrentPerEvent).toBe(1);
    },
    120_000,
  );
});
