import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../../lib/db/connect';
import { migrateToLatest } from '../../../lib/db/migrate';
import { makeJobRepo } from '../../../lib/db/repositories/job-repo';
import { claimJobs, settleJob } from '../../../lib/jobs/job-queue';
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
});
