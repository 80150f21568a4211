import type { Executor } from '../db/repositories/executor';
import { makeJobRepo } from '../db/repositories/job-repo';
import type { JobHandler } from './job-worker';
import { jobPacer, runRetention, type RetentionDeps } from './retention-run';

/** One job row for the whole service: it runs a pass and schedules the next one itself. */
export const RETENTION_JOB = 'retention';

/** Schedules the first pass unless one is scheduled: every worker calls it when it starts. */
export async function scheduleRetention(db: Executor, now: number): Promise<void> {
  await makeJobRepo(db).enqueue(
    { id: RETENTION_JOB, kind: RETENTION_JOB, tenantId: null, payload: {}, runAt: now },
    now,
  );
}

export function makeRetentionJob(deps: RetentionDeps): JobHandler {
  return async (_job, context) => {
    await runRetention(deps, jobPacer(context));
    return { settlement: { status: 'pending', runAt: deps.clock.now() + deps.policy.intervalMs } };
  };
}
