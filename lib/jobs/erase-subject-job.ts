import type { JobHandler } from './job-worker';

export const ERASE_SUBJECT_JOB = 'erase_subject';

export interface EraseSubjectPayload {
  erasureId: string;
}

/**
 * Finishes an erasure whose requester did not (it died halfway, or is still at it after the lease):
 * the steps are idempotent, so running them again completes it; a completed one is a no-op.
 */
export function makeEraseSubjectJob(erasure: { run(erasureId: string): Promise<void> }): JobHandler {
  return async (job) => {
    await erasure.run((job.payload as EraseSubjectPayload).erasureId);
    return { settlement: { status: 'done' } };
  };
}
