// `kill -9` of `locus erase` halfway through the location events: a worker started afterwards finishes
// the erasure from its record, and the scan of every table then finds nothing of the installation.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeInstallationRepo } from '../../../lib/db/repositories/installation-repo';
import { createRuntime, type Runtime } from '../../../lib/runtime/create-runtime';
import type { CreatedTenant } from '../../../lib/usecases/create-tenant';
import { freshDatabase, TEST_ENGINES, type TestDatabase } from '../engines';
import { eventsAround } from '../test-api';
import { killHard, waitFor } from '../webhooks/worker-process';
import { findNeedles, tenantRows } from './catalog-scan';
import { LOCUS } from './run-locus';
import { storedEvents } from './stored-events';
import { SUBJECT } from './subject-fixture';

const EVENTS = 60_000;

describe.each(TEST_ENGINES)('an erasure killed halfway on %s', (engine) => {
  let database: TestDatabase;
  let runtime: Runtime;
  let url: string;
  let a: CreatedTenant;
  let b: CreatedTenant;

  beforeAll(async () => {
    database = await freshDatabase(engine);
    url = database.schema ? `${database.url}?schema=${database.schema}` : database.url;
    runtime = await createRuntime({ databaseUrl: url });
    a = await runtime.createTenant('a');
    b = await runtime.createTenant('b');
    const now = runtime.clock.now();
    for (const tenant of [a, b]) {
      await runtime.deps.ingestSdkEvents(
        { tenantId: tenant.tenant_id },
        {
          installation_id: SUBJECT.installationId,
          device: { model: 'Pixel 8' },
          events: eventsAround(SUBJECT.home, 1_000, now, 5),
        },
      );
    }
    // The bulk goes straight to the table: only its size matters here.
    const bulk = storedEvents(eventsAround(SUBJECT.home, EVENTS - 1_000, now, 20));
    await makeInstallationRepo(runtime.db).insertEvents(a.tenant_id, SUBJECT.installationId, bulk, now);
  }, 120_000);
  afterAll(async () => {
    await runtime.close();
    await database.drop();
  });

  const eventsOf = async (tenantId: string) =>
    Number(
      (
        await runtime.db
          .selectFrom('location_events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', tenantId)
          .where('installation_id', '=', SUBJECT.installationId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('is completed by a worker after the restart', async () => {
    const env = { ...process.env, DATABASE_URL: url, LOCUS_JOB_LEASE_MS: '300' };
    const eraser = spawn(
      process.execPath,
      [LOCUS, 'erase', 'installation', SUBJECT.installationId, '--client-id', a.client_id],
      { env, stdio: 'ignore' },
    );
    // Let the eraser run in short slices until some of the events are gone and some are left, then
    // kill it where it stands (possibly inside a transaction).
    await stopHalfway(eraser, async () => {
      const erasure = await runtime.db.selectFrom('erasures').select('status').executeTakeFirst();
      const left = await eventsOf(a.tenant_id);
      return erasure?.status === 'pending' && left > 0 && left < EVENTS;
    });
    await killHard(eraser);

    const pending = await runtime.db.selectFrom('erasures').selectAll().executeTakeFirstOrThrow();
    expect(pending).toMatchObject({ status: 'pending', subject_id: SUBJECT.installationId });
    const left = await eventsOf(a.tenant_id);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(EVENTS);

    const worker = spawn(process.execPath, [LOCUS, 'worker'], { env, stdio: 'ignore' });
    try {
      await waitFor(async () => {
        const row = await runtime.db.selectFrom('erasures').select('status').executeTakeFirstOrThrow();
        return row.status === 'done';
      });
    } finally {
      await killHard(worker);
    }
    const needles = { texts: [SUBJECT.installationId], coordinates: [SUBJECT.home.lat, SUBJECT.home.lng] };
    expect(findNeedles(await tenantRows(runtime.handle, a.tenant_id), needles)).toEqual([]);
    expect(await eventsOf(b.tenant_id)).toBe(1_000);
    const audit = await runtime.db
      .selectFrom('audit_log')
      .select('after')
      .where('tenant_id', '=', a.tenant_id)
      .where('action', '=', 'installation_erased')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.after ?? '{}')).toMatchObject({ deleted: { location_events: EVENTS } });
  });
});

/**
 * Runs a stopped child for 20 ms at a time (a kernel sleep, not a timer that a busy test runner would
 * stretch) until `reached` holds, and leaves it stopped (SIGSTOP) there. However fast the child works
 * or however slowly this process is scheduled, the child never runs more than one slice past the check.
 */
async function stopHalfway(child: ChildProcess, reached: () => Promise<boolean>): Promise<void> {
  const slice = new Int32Array(new SharedArrayBuffer(4));
  child.kill('SIGSTOP');
  for (;;) {
    if (child.exitCode !== null || child.signalCode === 'SIGKILL')
      throw new Error(`the eraser exited (${child.exitCode}) before it was stopped halfway`);
    if (await reached()) return;
    child.kill('SIGCONT');
    Atomics.wait(slice, 0, 0, 20);
    child.kill('SIGSTOP');
  }
}
