import type { Executor } from '../db/repositories/executor';
import { makeRepos } from '../db/repositories/index';
import type { Clock } from '../domain/clock';
import type { ReassessSignupPayload } from '../runtime/schedule-reassessment';
import { evaluateSignup } from '../usecases/evaluate-signup';
import { recordSignupAssessment } from '../usecases/record-signup-assessment';
import type { JobHandler } from './job-worker';

/**
 * Reassesses one signup (SPEC §3): never after its 48-hour window; the new assessment, its history
 * row and any webhook event commit together with the job's completion.
 */
export function makeReassessSignupJob(deps: { db: Executor; clock: Clock; newId: () => string }): JobHandler {
  return async (job) => {
    const payload = job.payload as ReassessSignupPayload;
    const repos = makeRepos(deps.db);
    const signup = job.tenantId ? await repos.signups.find(job.tenantId, payload.signupId) : null;
    const now = deps.clock.now();
    if (!signup || now > signup.reassessUntil) return { settlement: { status: 'done' } };
    const installation = await repos.installations.find(signup.tenantId, signup.installationId);
    const assessment = await evaluateSignup(
      repos,
      {
        tenantId: signup.tenantId,
        signupId: signup.id,
        installationId: signup.installationId,
        declared: signup.declared,
      },
      installation,
      now,
    );
    return {
      settlement: { status: 'done' },
      write: (trx) =>
        recordSignupAssessment(
          trx,
          { tenantId: signup.tenantId, signupId: signup.id, assessment, trigger: payload.trigger, now },
          deps.newId,
        ),
    };
  };
}
