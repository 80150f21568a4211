import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../../lib/db/connect';
import { migrateToLatest } from '../../../lib/db/migrate';
import { makeJobRepo } from '../../../lib/db/repositories/job-repo';
import { claimJobs, settleJob } from '../../../lib/jobs/job-queue';
import { createJobWorker } from '../../../lib/jobs/job-worker';
import { makeEventLoopTurns } from '../../../lib/runtime/event-loop-turns';
import { freshDatabase, TEST_ENGINES, type TestDatabase } from '../engines';

describe.each(TEST_ENGINES)('job leases and fencing on %s', (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await freshDatabase(engine);
    handle = connectDatabase(database.url, database.schema ? { schema: database.schema } : {});
    await migrateToLatest(handle);
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  it('a crashed worker’s job is claimed again after its lease; the stale completion is ignored', async () => {
    const { db } = handle;
    await makeJobRepo(db).enqueue(
      { id: 'j1', kind: 'k', tenantId: null, payload: { n: 1 }, runAt: 1_000 },
      1_000,
    );
    expect(await claimJobs(db, { engine, now: 999, leaseMs: 100, limit: 10 })).toEqual([]);
    const [first] = await claimJobs(db, { engine, now: 1_000, leaseMs: 100, limit: 10 });
    expect(first).toMatchObject({ id: 'j1', payload: { n: 1 }, attempts: 1 });
    expect(await claimJobs(db, { engine, now: 1_050, leaseMs: 100, limit: 10 })).toEqual([]); // lease holds
    const [second] = await claimJobs(db, { engine, now: 1_101, leaseMs: 100, limit: 10 }); // lease expired
    expect(second).toMatchObject({ id: 'j1', attempts: 2, leaseToken: first!.leaseToken + 1 });
    expect(await settleJob(db, first!, { status: 'done' }, 1_150)).toBe(false);
    expect(await settleJob(db, second!, { status: 'done' }, 1_150)).toBe(true);
    expect(await claimJobs(db, { engine, now: 10_000, leaseMs: 100, limit: 10 })).toEqual([]);
  });

  it('claimed jobs start one per event-loop turn, and a request waiting for a turn goes before them', async () => {
    const { db } = handle;
    const jobs = makeJobRepo(db);
    for (const id of ['t1', 't2', 't3'])
      await jobs.enqueue({ id, kind: 'turns', tenantId: null, payload: {}, runAt: 2_000 }, 2_000);
    const turns = makeEventLoopTurns({ now: () => 0 });
    const order: string[] = [];
    const worker = createJobWorker({
      db,
      engine,
      clock: { now: () => 2_000 },
      turns,
      handlers: {
        turns: async (job) => {
          order.push(job.id);
          // A request arriving while the first job runs: it must start before the next job does.
          if (order.length === 1) void turns.request().then(() => order.push('request'));
          return { settlement: { status: 'done' } };
        },
      },
    });
    expect(await worker.tick()).toBe(3);
    // Claimed at one instant, the jobs may come in any order; the request comes right after the first.
    expect(order[1]).toBe('request');
    expect(order.filter((o) => o !== 'request').sort()).toEqual(['t1', 't2', 't3']);
  });

  it('an armed job coalesces triggers, and one that arrives while it runs makes it run again', async () => {
    const { db } = handle;
    const jobs = makeJobRepo(db);
    const arm = (runAt: number, trigger: string) =>
      jobs.arm({ id: 'c1', kind: 'k', tenantId: null, payload: { trigger }, runAt }, runAt);
    const row = () =>
      db
        .selectFrom('jobs')
        .select(['status', 'run_at', 'payload', 'attempts'])
        .where('id', '=', 'c1')
        .executeTakeFirstOrThrow();

    await arm(5_000, 'time');
    await arm(3_000, 'events'); // earlier: it wins, with its payload
    await arm(4_000, 'feedback'); // later than what is armed: folded in
    expect(await row()).toMatchObject({ status: 'pending', run_at: 3_000, payload: '{"trigger":"events"}' });

    const [claimed] = await claimJobs(db, { engine, now: 3_000, leaseMs: 1_000, limit: 10 });
    expect(claimed).toMatchObject({ id: 'c1', payload: { trigger: 'events' } });
    await arm(3_500, 'graph'); // arrives while it runs
    expect(await claimJobs(db, { engine, now: 3_600, leaseMs: 1_000, limit: 10 })).toEqual([]);
    expect(await settleJob(db, claimed!, { status: 'done' }, 3_700)).toBe(true);
    expect(await row()).toMatchObject({
      status: 'pending',
      run_at: 3_500,
      payload: '{"trigger":"graph"}',
      attempts: 0,
    });

    const [again] = await claimJobs(db, { engine, now: 3_700, leaseMs: 1_000, limit: 10 });
    expect(again).toMatchObject({ payload: { trigger: 'graph' } });
    expect(
      await settleJob(db, again!, { status: 'pending', runAt: 9_000, payload: { trigger: 'time' } }, 3_800),
    ).toBe(true);
    expect(await row()).toMatchObject({ status: 'pending', run_at: 9_000, payload: '{"trigger":"time"}' });

    const [timed] = await claimJobs(db, { engine, now: 9_000, leaseMs: 1_000, limit: 10 });
    expect(await settleJob(db, timed!, { status: 'done' }, 9_100)).toBe(true);
    expect(await row()).toMatchObject({ status: 'done' });
    await arm(12_000, 'events'); // a finished job is armed afresh
    expect(await row()).toMatchObject({ status: 'pending', run_at: 12_000, attempts: 0 });
  });
});
