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

export function makeJobRepo(db: Executor) {
  /** Enqueues each job unless one with its id exists. Call it inside the business transaction. */
  async function enqueueAll(jobs: readonly NewJob[], now: number): Promise<void> {
    for (let i = 0; i < jobs.length; i += INSERT_CHUNK) {
      await db
        .insertInto('jobs')
        .values(
          jobs.slice(i, i + INSERT_CHUNK).map((job) => ({
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
          })),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
  }
  return {
    enqueueAll,
    enqueue: (job: NewJob, now: number) => enqueueAll([job], now),
  };
}
export type JobRepo = ReturnType<typeof makeJobRepo>;
