import type { Executor } from '../db/repositories/executor';
import { makeJobRepo } from '../db/repositories/job-repo';
import { REASSESS_SIGNUP_JOB, type ReassessSignupPayload } from '../runtime/schedule-reassessment';
import type { JobHandler } from './job-worker';

export const SWEEP_SIGNUPS_JOB = 'sweep_signups';
/** Every open signup is reassessed at least this often, so that time alone can change a verdict. */
export const SWEEP_INTERVAL_MS = 5 * 60_000;

const sweepWindow = (now: number) => Math.floor(now / SWEEP_INTERVAL_MS);

/**
 * Schedules each window's sweep. The id names the window, so every worker of every instance can
 * call this on each tick: they collide on the primary key and one sweep runs per window. Each
 * scheduler remembers the window it has already written, so a busy worker ticking back to back
 * inserts once per window instead of once per tick.
 */
export function makeSweepScheduler(db: Executor): (now: number) => Promise<void> {
  let scheduled: number | null = null;
  return async (now) => {
    const window = sweepWindow(now);
    if (window === scheduled) return;
    await makeJobRepo(db).enqueue(
      {
        id: `${SWEEP_SIGNUPS_JOB}:${window}`,
        kind: SWEEP_SIGNUPS_JOB,
        tenantId: null,
        payload: { window },
        runAt: now,
      },
      now,
    );
    scheduled = window;
  };
}

/** The sweep: one reassessment job per signup still inside its 48-hour window. */
export function makeSweepSignupsJob(deps: { db: Executor }): JobHandler {
  return async (job) => {
    const { window } = job.payload as { window: number };
    const now = window * SWEEP_INTERVAL_MS;
    const open = await deps.db
      .selectFrom('signups')
      .select(['id', 'tenant_id'])
      .where('reassess_until', '>=', now)
      .execute();
    return {
      settlement: { status: 'done' },
      // One multi-row insert per 500 signups, not one statement each.
      write: (trx) =>
        makeJobRepo(trx).enqueueAll(
          open.map((signup) => ({
            id: `${REASSESS_SIGNUP_JOB}:${signup.id}:sweep:${window}`,
            kind: REASSESS_SIGNUP_JOB,
            tenantId: signup.tenant_id,
            payload: { signupId: signup.id, trigger: 'sweep' } satisfies ReassessSignupPayload,
            runAt: job.runAt,
          })),
          job.runAt,
        ),
    };
  };
}
