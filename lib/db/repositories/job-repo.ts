import { sql } from 'kysely';
import { compileStatement } from './compiled-statement';
import type { Executor } from './executor';
import { toJson } from './executor';

export interface NewJob {
  /** Deterministic: two writers scheduling the same work collide on the key instead of doubling it. */
  id: string;
  kind: string;
  tenantId: string | null;
  payload: unknown;
  runAt: number;
}

/** Rows per INSERT: 12 columns × 500 stays below SQLite's and PostgreSQL's parameter limits. */
const INSERT_CHUNK = 500;

const earlier = (a: string, b: string) => sql.raw(`case when ${a} < ${b} then ${a} else ${b} end`);

function jobRow(job: NewJob, now: number) {
  return {
    id: job.id,
    kind: job.kind,
    tenant_id: job.tenantId,
    payload: toJson(job.payload),
    run_at: job.runAt,
    attempts: 0,
    status: 'pending',
    lease_until: null,
    lease_token: 0,
    last_error: null,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Arms a coalescing job: one row per id, reused forever. A pending job runs at the earlier of its
 * time and `job.runAt` (with the payload of whichever is earlier); a finished one (done, dead) is
 * pending again with a fresh attempt count; a running one keeps running and is marked to run again
 * at `rerun_at` when it settles, since it may have read the data before this trigger's write.
 */
const armJob = compileStatement((db, a: ReturnType<typeof jobRow>) =>
  db
    .insertInto('jobs')
    .values({
      id: a.id,
      kind: a.kind,
      tenant_id: a.tenant_id,
      payload: a.payload,
      run_at: a.run_at,
      attempts: 0,
      status: 'pending',
      lease_until: null,
      lease_token: 0,
      last_error: null,
      created_at: a.created_at,
      updated_at: a.updated_at,
    })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        payload: sql`case
          when jobs.status = 'pending' and jobs.run_at <= excluded.run_at then jobs.payload
          when jobs.status = 'running' and jobs.rerun_at <= excluded.run_at then jobs.payload
          else excluded.payload end`,
        run_at: sql`case
          when jobs.status = 'pending' then ${earlier('jobs.run_at', 'excluded.run_at')}
          when jobs.status = 'running' then jobs.run_at
          else excluded.run_at end`,
        rerun_at: sql`case
          when jobs.status <> 'running' then null
          when jobs.rerun_at is null then excluded.run_at
          else ${earlier('jobs.rerun_at', 'excluded.run_at')} end`,
        attempts: sql`case when jobs.status in ('done', 'dead') then 0 else jobs.attempts end`,
        last_error: sql`case when jobs.status in ('done', 'dead') then null else jobs.last_error end`,
        status: sql`case when jobs.status = 'running' then 'running' else 'pending' end`,
        updated_at: sql`excluded.updated_at`,
      }),
    ),
);

export function makeJobRepo(db: Executor) {
  /** Enqueues each job unless one with its id exists. Call it inside the business transaction. */
  async function enqueueAll(jobs: readonly NewJob[], now: number): Promise<void> {
    for (let i = 0; i < jobs.length; i += INSERT_CHUNK) {
      await db
        .insertInto('jobs')
        .values(jobs.slice(i, i + INSERT_CHUNK).map((job) => jobRow(job, now)))
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
  }

  async function arm(job: NewJob, now: number): Promise<void> {
    await armJob.execute(db, jobRow(job, now));
  }

  return {
    enqueueAll,
    enqueue: (job: NewJob, now: number) => enqueueAll([job], now),
    arm,
  };
}
export type JobRepo = ReturnType<typeof makeJobRepo>;
