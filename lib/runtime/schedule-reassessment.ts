import type { Repos } from '../db/repositories/index';

export const REASSESS_SIGNUP_JOB = 'reassess_signup';
/** Events arriving within this window for one signup are folded into one reassessment. */
export const REASSESSMENT_DEBOUNCE_MS = 5_000;

export interface ReassessSignupPayload {
  signupId: string;
  trigger: string;
}

/**
 * Schedules a reassessment of every open signup of the installation, in the caller's transaction.
 * The job id names the debounce window, so a burst of event batches collides into one job.
 */
export async function scheduleReassessment(
  repos: Repos,
  tenantId: string,
  installationId: string,
  now: number,
  trigger: string,
): Promise<void> {
  const signupIds = await repos.signups.openIdsForInstallation(tenantId, installationId, now);
  const window = Math.floor(now / REASSESSMENT_DEBOUNCE_MS) + 1;
  await repos.jobs.enqueueAll(
    signupIds.map((signupId) => ({
      id: `${REASSESS_SIGNUP_JOB}:${signupId}:${window}`,
      kind: REASSESS_SIGNUP_JOB,
      tenantId,
      payload: { signupId, trigger } satisfies ReassessSignupPayload,
      runAt: window * REASSESSMENT_DEBOUNCE_MS,
    })),
    now,
  );
}
