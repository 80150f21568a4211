// Retention on both engines: raw events past the window go (and a tenant's shorter window is kept),
// verdicts and evidence do not change when they go, operational rows live their documented lifetimes.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionRequest } from '../../../lib/contracts/transaction';
import { reposFor } from '../../../lib/db/repositories/index';
import { makeInstallationRepo } from '../../../lib/db/repositories/installation-repo';
import { listEventPartitions, partitionDays } from '../../../lib/db/retention/event-partitions';
import { makeTenantRetentionRepo } from '../../../lib/db/retention/tenant-retention-repo';
import { databaseBytes } from '../../../lib/db/retention/table-sizes';
import { DAY_MS, DEFAULT_RETENTION } from '../../../lib/jobs/retention-policy';
import { plainPacer, runRetention } from '../../../lib/jobs/retention-run';
import { evaluateSignup } from '../../../lib/usecases/evaluate-signup';
import { evaluateTransaction } from '../../../lib/usecases/evaluate-transaction';
import { TEST_ENGINES } from '../engines';
import { DEVICE, eventsAround, startTestApi, type TestApi, type WorkerTestApi } from '../test-api';
import { storedEvents } from './stored-events';
import { tenantClient, type TenantClient } from './subject-fixture';

const HOME = { lat: 52.52, lng: 13.405 };
const WORK = { lat: 52.5, lng: 13.36 };

describe.each(TEST_ENGINES)('retention on %s', (engine) => {
  let t: WorkerTestApi;
  let b: TenantClient;
  // PostgreSQL drops a partition once all of it is past the window: events live up to one partition longer.
  const slack = engine === 'postgres' ? partitionDays(DEFAULT_RETENTION.eventDays) * DAY_MS : 0;
  const count = async (tenantId: string, installationId: string, olderThan = Number.MAX_SAFE_INTEGER) =>
    Number(
      (
        await t.runtime.db
          .selectFrom('location_events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', tenantId)
          .where('installation_id', '=', installationId)
          .where('ts', '<', olderThan)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const purge = () => purgeOn(t);

  beforeAll(async () => {
    t = await startTestApi(engine, { worker: {} });
    b = tenantClient(t, await t.runtime.createTenant('short window'));
  });
  afterAll(() => t.close());

  it('keeps verdicts and evidence unchanged when the raw events behind them age out', async () => {
    const now = t.clock.now();
    // 80 days of history (ingestion accepts 90), nights at home and days at work.
    const history = [
      ...eventsAround(HOME, 800, now, 80).map((e, i) => ({ ...e, ts: e.ts - (i % 2) * 3_600_000 * 10 })),
      ...eventsAround(WORK, 400, now, 80),
    ];
    for (let i = 0; i < history.length; i += 500) {
      const reply = await t.ingest('inst-aging', {
        device_id: 'dev-aging',
        account_id: 'acct-aging',
        device: DEVICE,
        events: history.slice(i, i + 500),
      });
      expect(reply.statusCode).toBe(202);
    }
    const signup = await t.request('POST', '/api/v2/onboarding/signups', {
      installation_id: 'inst-aging',
      address_line: 'Unter den Linden 1, Berlin',
      address_coordinates: HOME,
    });
    expect(signup.statusCode).toBe(200);
    const payment: TransactionRequest = {
      installation_id: 'inst-aging',
      account_id: 'acct-aging',
      type: 'payment',
      payment_value: { amount: 42, currency: 'EUR' },
      addresses: [{ type: 'shipping', address_coordinates: HOME }],
    };
    expect((await t.request('POST', '/api/v2/authentication/transactions', payment)).statusCode).toBe(200);

    const judge = async () => {
      const repos = reposFor(t.runtime.db);
      const installation = await repos.installations.find(t.tenant.tenant_id, 'inst-aging');
      const stored = await repos.signups.find(t.tenant.tenant_id, signup.json<{ id: string }>().id);
      return {
        signup: await evaluateSignup(
          repos,
          {
            tenantId: t.tenant.tenant_id,
            signupId: stored?.id ?? '',
            installationId: 'inst-aging',
            declared: stored?.declared ?? null,
          },
          installation,
          now,
        ),
        payment: await evaluateTransaction(repos, {
          tenantId: t.tenant.tenant_id,
          installationId: 'inst-aging',
          installation,
          request: payment,
          // The signup's geocoded address stands for the payment's (the same point).
          addresses: stored?.declared
            ? [{ type: 'shipping', declared: stored.declared, chargebackRates: null }]
            : [],
          paymentValue: payment.payment_value ?? null,
          now,
        }),
      };
    };
    const before = await judge();
    expect(before.signup.riskAssessment).toBe('low_risk');
    expect(before.payment.evidence.addresses?.[0]?.location_events_near_address).toBeGreaterThan(0);
    expect(await count(t.tenant.tenant_id, 'inst-aging', now - 30 * DAY_MS)).toBeGreaterThan(500);

    const report = await purge();

    expect(report.removed.location_events).toBeGreaterThan(500);
    expect(await count(t.tenant.tenant_id, 'inst-aging', now - 30 * DAY_MS - slack)).toBe(0);
    expect(await count(t.tenant.tenant_id, 'inst-aging')).toBeGreaterThan(300);
    expect(await judge()).toEqual(before);
    const get = await t.request('GET', `/api/v2/onboarding/signups/${signup.json<{ id: string }>().id}`);
    expect(get.json()).toEqual(signup.json());
  });

  it("keeps a tenant's shorter window without touching the other tenant", async () => {
    const now = t.clock.now();
    await makeTenantRetentionRepo(t.runtime.db).set(b.tenant.tenant_id, 7, now);
    for (const client of [tenantClient(t, t.tenant), b]) {
      const reply = await client.ingest({
        installation_id: 'inst-both',
        events: eventsAround(HOME, 200, now, 20),
      });
      expect(reply.statusCode).toBe(202);
    }
    await purge();
    expect(await count(b.tenant.tenant_id, 'inst-both', now - 7 * DAY_MS)).toBe(0);
    expect(await count(b.tenant.tenant_id, 'inst-both')).toBeGreaterThan(50);
    expect(await count(t.tenant.tenant_id, 'inst-both')).toBe(200);
  });

  it('gives operational rows their lifetimes and keeps what is still pending', async () => {
    const db = t.runtime.db;
    const now = t.clock.now();
    const old = now - 100 * DAY_MS;
    const job = (id: string, status: string) => ({
      id,
      kind: 'deliver_webhook',
      tenant_id: t.tenant.tenant_id,
      payload: '{}',
      run_at: old,
      attempts: 0,
      status,
      lease_until: null,
      lease_token: 0,
      last_error: null,
      created_at: old,
      updated_at: old,
    });
    await db
      .insertInto('jobs')
      .values([job('old-done', 'done'), job('old-pending', 'pending')])
      .execute();
    const event = (id: string, status: string) => ({
      id,
      tenant_id: t.tenant.tenant_id,
      signup_id: null,
      event_type: 'test',
      risk_assessment_before: null,
      risk_assessment_after: null,
      body: '{}',
      triggered_at: old,
      created_at: old,
      status,
      attempts: 1,
      next_attempt_at: null,
      delivered_at: null,
    });
    await db
      .insertInto('webhook_events')
      .values([event('ev-delivered', 'delivered'), event('ev-pending', 'pending')])
      .execute();
    await db
      .insertInto('webhook_attempts')
      .values({
        id: 'att-1',
        event_id: 'ev-delivered',
        tenant_id: t.tenant.tenant_id,
        attempt: 1,
        started_at: old,
        url: 'https://example.com',
        status_code: 200,
        outcome: 'delivered',
        error: null,
        latency_ms: 10,
        next_retry_at: null,
      })
      .execute();

    const report = await purge();

    expect(report.removed).toMatchObject({ jobs: 1, webhook_events: 1, webhook_attempts: 1 });
    const jobs = await db.selectFrom('jobs').select('id').where('id', 'like', 'old-%').execute();
    expect(jobs.map((j) => j.id)).toEqual(['old-pending']);
    const events = await db.selectFrom('webhook_events').select('id').where('id', 'like', 'ev-%').execute();
    expect(events.map((e) => e.id)).toEqual(['ev-pending']);
    const runs = await db.selectFrom('retention_runs').select('removed').execute();
    expect(runs.map((r) => JSON.parse(r.removed) as { jobs?: number })).toContainEqual(
      expect.objectContaining({ jobs: 1 }),
    );
  });

  it('reclaims the space of what it removed', async () => {
    const now = t.clock.now();
    const bulk = storedEvents(eventsAround(WORK, 20_000, now, 80));
    await makeInstallationRepo(t.runtime.db).insertEvents(t.tenant.tenant_id, 'inst-bulk', bulk, now);
    if (engine === 'postgres') await sql`analyze location_events`.execute(t.runtime.db);
    const before = await databaseBytes(t.runtime.db, engine);
    // 40 days on, the partitions of the first 40 days are dropped whole (PostgreSQL), SQLite's pages freed.
    t.clock.advance(40 * DAY_MS);
    const partitionsBefore = engine === 'postgres' ? await listEventPartitions(t.runtime.db) : [];
    const report = await purge();
    expect(await databaseBytes(t.runtime.db, engine)).toBeLessThan(before);
    if (engine === 'sqlite') expect(report.pagesReleased).toBeGreaterThan(0);
    if (engine === 'postgres') {
      expect(report.partitionsDropped.length).toBeGreaterThan(30);
      const after = await listEventPartitions(t.runtime.db);
      const newestEnd = Math.max(...after.flatMap((p) => (p.to === null ? [] : [p.to])));
      expect(newestEnd).toBeGreaterThan(t.clock.now() + 6 * DAY_MS);
      expect(after.length).toBeLessThan(partitionsBefore.length + 40);
    }
    expect(await count(t.tenant.tenant_id, 'inst-bulk', t.clock.now() - 30 * DAY_MS - slack)).toBe(0);
  });

  it('folds an installation from before fingerprints existed before its events go', async () => {
    // A database upgraded from before fingerprints: its first purge meets installations without one.
    const fresh = await startTestApi(engine);
    const now = fresh.clock.now();
    const repo = makeInstallationRepo(fresh.runtime.db);
    const legacy = storedEvents(eventsAround(WORK, 300, now, 60));
    await repo.upsert({
      tenantId: fresh.tenant.tenant_id,
      installationId: 'inst-legacy',
      deviceId: null,
      device: null,
      newEvents: legacy,
      at: now,
    });
    await repo.insertEvents(fresh.tenant.tenant_id, 'inst-legacy', legacy, now);
    await purgeOn(fresh);
    const fingerprint = await reposFor(fresh.runtime.db).fingerprints.get(
      fresh.tenant.tenant_id,
      'inst-legacy',
    );
    expect(fingerprint?.events).toBe(300);
    const left = await fresh.runtime.db
      .selectFrom('location_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('installation_id', '=', 'inst-legacy')
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBeLessThan(300);
    await fresh.close();
  });
});

/** One retention pass with the default policy, as the worker's job runs it. */
function purgeOn(api: TestApi) {
  return runRetention(
    {
      db: api.runtime.db,
      engine: api.engine,
      clock: api.clock,
      newId: () => crypto.randomUUID(),
      policy: DEFAULT_RETENTION,
      releaseFreePages: api.runtime.handle.releaseFreePages,
    },
    plainPacer(api.runtime.db),
  );
}
