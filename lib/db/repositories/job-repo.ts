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

export function makeJobRepo(db: Executor) {
  return {
    /** Enqueues unless a job with this id already exists. Call it inside the business transaction. */
    async enqueue(job: NewJob, now: number): Promise<void> {
      await db
        .insertInto('jobs')
        .values({
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
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
  };
}
export type JobRepo = ReturnType<typeof makeJobRepo>;
