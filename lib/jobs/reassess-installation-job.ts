import { performance } from 'node:perf_hooks';
import type { Counter } from 'prom-client';
import type { Executor } from '../db/repositories/executor';
import { reposFor } from '../db/repositories/index';
import type { OpenSignup } from '../db/repositories/signup-repo';
import type { Clock } from '../domain/clock';
import type { SignupAssessment } from '../domain/signup/assess-signup';
import type { ReassessInstallationPayload } from '../runtime/schedule-reassessment';
import { judgeSignup, loadSignupContext, type SignupContext } from '../usecases/evaluate-signup';
import { recordSignupAssessment } from '../usecases/record-signup-assessment';
import type { JobContext, JobHandler, JobOutcome } from './job-worker';

/** Signups judged per run; a larger installation continues in a follow-up run right away. */
export const MAX_SIGNUPS_PER_RUN = 5_000;
/** CPU budget of one slice: then the worker commits what changed and gives the event loop back. */
export const SLICE_MS = 4;

export interface ReassessDeps {
  db: Executor;
  clock: Clock;
  newId: () => string;
  /** Signups judged, by trigger (locus_signup_reassessments_total). */
  judged?: Counter<'trigger'>;
}

interface Judged {
  signup: OpenSignup;
  assessment: SignupAssessment;
}

/**
 * Reassesses every open signup of one installation (SPEC §3), in one run for all of them: the device
 * history is loaded once, the signups are judged in slices of SLICE_MS with the event loop handed back
 * between slices, and each slice commits only the verdicts that changed (their history rows and webhook
 * events with them). The run ends pending again at the earliest moment time alone can change one of the
 * verdicts (`recheckAt`), or done; a trigger that arrived meanwhile makes it run again (JobRepo.arm).
 */
export function makeReassessInstallationJob(deps: ReassessDeps): JobHandler {
  return async (job, context) => {
    const payload = job.payload as ReassessInstallationPayload;
    const tenantId = job.tenantId ?? '';
    const now = deps.clock.now();
    const repos = reposFor(deps.db);
    const open = await repos.signups.openForReassessment(
      tenantId,
      payload.installationId,
      now,
      payload.after ?? null,
      MAX_SIGNUPS_PER_RUN,
    );
    let recheckAt = payload.recheckAt ?? null;
    if (open.length > 0) {
      const installation = await repos.installations.find(tenantId, payload.installationId);
      const signupContext = await loadSignupContext(
        repos,
        tenantId,
        payload.installationId,
        installation,
        now,
      );
      for (let index = 0; index < open.length;) {
        await context.nextTurn();
        const slice = judgeSlice(signupContext, open, index, now);
        index += slice.length;
        deps.judged?.inc({ trigger: payload.trigger }, slice.length);
        for (const { signup, assessment } of slice)
          recheckAt = earliest(recheckAt, recheckOf(signup, assessment));
        await commitChanged(deps, context, tenantId, slice, payload.trigger, now);
      }
    }
    return settle(payload, open, recheckAt, now);
  };
}

/** Judges signups from `start` until the slice's CPU budget is spent (at least one). */
function judgeSlice(
  context: SignupContext,
  open: readonly OpenSignup[],
  start: number,
  now: number,
): Judged[] {
  const until = performance.now() + SLICE_MS;
  const slice: Judged[] = [];
  for (let i = start; i < open.length && (i === start || performance.now() < until); i++) {
    const signup = open[i] as OpenSignup;
    slice.push({
      signup,
      assessment: judgeSignup(context, { signupId: signup.id, declared: signup.declared }, now),
    });
  }
  return slice;
}

async function commitChanged(
  deps: ReassessDeps,
  context: JobContext,
  tenantId: string,
  slice: readonly Judged[],
  trigger: string,
  now: number,
): Promise<void> {
  const changed = slice.filter(({ signup, assessment }) => !sameVerdict(signup, assessment));
  if (changed.length === 0) return;
  await context.commit(async (trx) => {
    for (const { signup, assessment } of changed) {
      await recordSignupAssessment(
        trx,
        { tenantId, signupId: signup.id, assessment, trigger, now },
        deps.newId,
      );
    }
  });
}

/** What the signup holds already: nothing to write (recordSignupAssessment compares the same way). */
function sameVerdict(signup: OpenSignup, a: SignupAssessment): boolean {
  return (
    signup.current.riskAssessment === a.riskAssessment &&
    signup.current.reasons === JSON.stringify(a.reasons) &&
    signup.current.evidence === JSON.stringify(a.evidence)
  );
}

const recheckOf = (signup: OpenSignup, a: SignupAssessment) =>
  a.recheckAt !== undefined && a.recheckAt !== null && a.recheckAt <= signup.reassessUntil
    ? a.recheckAt
    : null;

const earliest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

function settle(
  payload: ReassessInstallationPayload,
  open: readonly OpenSignup[],
  recheckAt: number | null,
  now: number,
): JobOutcome {
  const last = open[open.length - 1];
  if (open.length === MAX_SIGNUPS_PER_RUN && last) {
    const next: ReassessInstallationPayload = { ...payload, after: last.id, recheckAt };
    return { settlement: { status: 'pending', runAt: now, payload: next } };
  }
  if (recheckAt === null) return { settlement: { status: 'done' } };
  const timed: ReassessInstallationPayload = { installationId: payload.installationId, trigger: 'time' };
  return { settlement: { status: 'pending', runAt: recheckAt, payload: timed } };
}
