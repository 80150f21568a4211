import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime } from '../../../lib/runtime/create-runtime';
import type { CreatedTenant } from '../../../lib/usecases/create-tenant';
import { TEST_ENGINES, TEST_PG_URL, freshDatabase, type TestDatabase } from '../engines';
import { startServe, type ServeProcess } from './serve-process';
import { startTraffic, type TrafficReport } from './traffic';

const STATEMENT_TIMEOUT_MS = 1_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * PostgreSQL misbehaving under one real `locus serve` process while SDKs ingest and backends sign
 * users up and pay: its backends terminated again and again (a restart, a failover, a connection
 * reaper), then its tables locked past the statement timeout. The process must live through it, answer
 * only 2xx or 503, be ready again within 5 s of the last fault, and keep everything it acknowledged.
 */
describe.runIf(TEST_ENGINES.includes('postgres'))('database faults under locus serve on postgres', () => {
  let database: TestDatabase;
  let tenant: CreatedTenant;
  let serve: ServeProcess;
  let admin: pg.Client;
  const appName = `locus-fault-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    const runtime = await createRuntime({ databaseUrl: database.url, connect: { schema: database.schema } });
    tenant = await runtime.createTenant('fault tenant');
    await runtime.close();
    serve = await startServe({
      DATABASE_URL: `${TEST_PG_URL}?schema=${database.schema}`,
      PGAPPNAME: appName,
      LOCUS_DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      LOCUS_DB_CONNECT_TIMEOUT_MS: '1000',
      LOCUS_DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '3000',
      // A claim whose settlement the faults interrupted is taken up again after this.
      LOCUS_JOB_LEASE_MS: '3000',
    });
    admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await serve?.stop();
    await admin?.end();
    await database?.drop();
  });

  /** Polls /readyz after the last fault; resolves with how long readiness took to come back. */
  async function readyAgainAfter(lastFaultAt: number, server: ServeProcess = serve): Promise<number> {
    for (;;) {
      if (server.child.exitCode !== null || server.child.signalCode !== null) return Number.POSITIVE_INFINITY;
      const ready = await fetch(`${server.url}/readyz`)
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ready) return Date.now() - lastFaultAt;
      await pause(50);
    }
  }

  /** Everything acknowledged is stored: every signup, every payment, every accepted event. */
  async function expectNothingLost(report: TrafficReport): Promise<void> {
    const { acknowledged } = report;
    const schema = database.schema;
    const signups = await admin.query(`select id from ${schema}.signups where id = any($1)`, [
      acknowledged.signups,
    ]);
    expect(signups.rowCount).toBe(acknowledged.signups.length);
    const payments = await admin.query(`select id from ${schema}.transactions where id = any($1)`, [
      acknowledged.payments,
    ]);
    expect(payments.rowCount).toBe(acknowledged.payments.length);
    const installations = [...acknowledged.events.keys()];
    const stored = await admin.query<{ installation_id: string; n: number }>(
      `select installation_id, count(*)::int as n from ${schema}.location_events
        where installation_id = any($1) group by installation_id`,
      [installations],
    );
    const storedBy = new Map(stored.rows.map((r) => [r.installation_id, r.n]));
    const missing = installations.filter((i) => (storedBy.get(i) ?? 0) < (acknowledged.events.get(i) ?? 0));
    expect(missing).toEqual([]);
  }

  /** The in-process worker claims again what the faults interrupted: nothing stays leased, nothing died. */
  async function expectWorkerResumed(): Promise<void> {
    const stuck = () =>
      admin.query<{ running: number; dead: number }>(
        `select count(*) filter (where status = 'running')::int as running,
                count(*) filter (where status = 'dead')::int as dead from ${database.schema}.jobs`,
      );
    while ((await stuck()).rows[0]?.running) await pause(200);
    expect((await stuck()).rows[0]?.dead).toBe(0);
  }

  function expectOnly2xxOr503(report: TrafficReport): void {
    const statuses = [...report.statuses.keys()];
    expect(report.unanswered).toEqual([]);
    expect(
      statuses.filter((s) => !(s >= 200 && s < 300) && s !== 503),
      serve.stderr().slice(-2000),
    ).toEqual([]);
  }

  it('survives its backends being terminated again and again during ingestion, signups and payments', async () => {
    const traffic = startTraffic(serve.url, tenant);
    await pause(1_000);
    let terminated = 0;
    let lastFaultAt = 0;
    for (let round = 0; round < 12; round++) {
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [appName],
      );
      terminated += killed.rowCount ?? 0;
      lastFaultAt = Date.now();
      await pause(400);
    }
    const readyAfterMs = await readyAgainAfter(lastFaultAt);
    await pause(1_000);
    const report = await traffic.stop();
    console.log(
      `terminated ${terminated} backends; answers ${JSON.stringify(Object.fromEntries(report.statuses))}; ` +
        `ready ${readyAfterMs} ms after the last fault; acknowledged ${report.acknowledged.signups.length} signups, ` +
        `${report.acknowledged.payments.length} payments, ${[...report.acknowledged.events.values()].reduce((a, b) => a + b, 0)} events`,
    );

    expect(terminated).toBeGreaterThan(12);
    expect(serve.child.exitCode, serve.stderr().slice(-2000)).toBeNull();
    expect(serve.child.signalCode).toBeNull();
    expectOnly2xxOr503(report);
    expect(readyAfterMs).toBeLessThan(5_000);
    expect(report.acknowledged.signups.length).toBeGreaterThan(0);
    await expectNothingLost(report);
    await expectWorkerResumed();
  });

  it('answers 503, not a hang or a 500, while its tables are locked past the statement timeout, and recovers', async () => {
    const traffic = startTraffic(serve.url, tenant);
    await pause(1_000);
    const holder = new pg.Client({ connectionString: TEST_PG_URL });
    await holder.connect();
    let lastFaultAt = 0;
    try {
      for (let round = 0; round < 3; round++) {
        await holder.query('begin');
        // Every ingestion, signup and payment reads or writes the installation first.
        await holder.query(`lock table ${database.schema}.installations in access exclusive mode`);
        await pause(3 * STATEMENT_TIMEOUT_MS);
        await holder.query('commit');
        lastFaultAt = Date.now();
        await pause(1_000);
      }
    } finally {
      await holder.end();
    }
    const readyAfterMs = await readyAgainAfter(lastFaultAt);
    await pause(1_000);
    const report = await traffic.stop();
    console.log(
      `stalled 3 × ${3 * STATEMENT_TIMEOUT_MS} ms; answers ${JSON.stringify(Object.fromEntries(report.statuses))}; ` +
        `ready ${readyAfterMs} ms after the last stall`,
    );

    expect(serve.child.exitCode).toBeNull();
    expectOnly2xxOr503(report);
    expect(report.statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect(readyAfterMs).toBeLessThan(5_000);
    await expectNothingLost(report);
  });

  it('starts even when its backends are terminated during start-up, migrations included', async () => {
    const fresh = await freshDatabase('postgres');
    const name = `locus-start-${randomUUID().slice(0, 8)}`;
    let terminated = 0;
    let starting = true;
    const reaper = (async () => {
      while (starting) {
        const killed = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
          [name],
        );
        terminated += killed.rowCount ?? 0;
        await pause(20);
      }
    })();
    const started = startServe({ DATABASE_URL: `${TEST_PG_URL}?schema=${fresh.schema}`, PGAPPNAME: name });
    // Reap until start-up has really lost connections: on a loaded machine the process may take
    // seconds to reach the database at all, so a fixed reaping window could end before it began.
    const giveUpAt = Date.now() + 30_000;
    while (terminated < 3 && Date.now() < giveUpAt) await pause(50);
    starting = false;
    await reaper;
    const late = await started;
    try {
      console.log(`terminated ${terminated} backends during start-up`);
      expect(terminated).toBeGreaterThan(0);
      expect(await readyAgainAfter(Date.now(), late)).toBeLessThan(5_000);
    } finally {
      await late.stop();
      await fresh.drop();
    }
  });
});
