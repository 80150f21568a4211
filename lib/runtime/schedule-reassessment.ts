import type { Repos } from '../db/repositories/index';
import type { OpenNear } from '../db/repositories/open-signups-near';
import type { ChangeListener, InstallationChange, SignupChange } from '../usecases/installation-change';

export const REASSESS_INSTALLATION_JOB = 'reassess_installation';

/** Changes to one installation within this window are folded into one reassessment of all its open signups. */
export const REASSESSMENT_DEBOUNCE_MS = 5_000;
/** The window grows by REASSESSMENT_DEBOUNCE_MS per this many open signups, up to MAX_DEBOUNCE_MS. */
export const SIGNUPS_PER_DEBOUNCE_STEP = 500;
export const MAX_DEBOUNCE_MS = 5 * 60_000;

/**
 * The debounce of an installation with `open` signups: 5 s, 5 s more per 500 of them, at most 5 min.
 * However often its events arrive, one installation then costs at most ~100 signup assessments a
 * second (a device farm with 2,000 open signups is reassessed at most every 20 s).
 */
export function debounceMs(open: number): number {
  const steps = Math.max(1, Math.ceil(open / SIGNUPS_PER_DEBOUNCE_STEP));
  return Math.min(MAX_DEBOUNCE_MS, steps * REASSESSMENT_DEBOUNCE_MS);
}

export interface ReassessInstallationPayload {
  installationId: string;
  /** What armed the run: location_events, feedback, graph, signup, time. */
  trigger: string;
  /** Continuation of a run that reached its cap: the last signup id done, and the earliest recheck so far. */
  after?: string;
  recheckAt?: number | null;
}

/** One job row per installation, reused for every run (JobRepo.arm). */
export const reassessmentJobId = (tenantId: string, installationId: string) =>
  `reassess:${tenantId}:${installationId}`;

export async function armReassessment(
  repos: Repos,
  target: { tenantId: string; installationId: string },
  runAt: number,
  trigger: string,
  now: number,
): Promise<void> {
  await repos.jobs.arm(
    {
      id: reassessmentJobId(target.tenantId, target.installationId),
      kind: REASSESS_INSTALLATION_JOB,
      tenantId: target.tenantId,
      payload: { installationId: target.installationId, trigger } satisfies ReassessInstallationPayload,
      runAt,
    },
    now,
  );
}

/** Time alone can change the new signup's verdict before its window closes. */
const rechecksInWindow = (change: SignupChange): change is SignupChange & { recheckAt: number } =>
  change.recheckAt !== null && change.recheckAt <= change.reassessUntil;

/** A new address or a new account on the device can move the verdicts of the open signups around it. */
const changesSiblings = (change: SignupChange): boolean => change.newAddress || change.accountLinked;

/**
 * `scheduleReassessment` writes nothing for a signup that declares no new address, links no new
 * account and has no recheck inside its window: what most signups of a known device are.
 */
export const armsNothingFor = (change: InstallationChange): boolean =>
  change.kind === 'signup' &&
  !rechecksInWindow(change) &&
  (!changesSiblings(change) ||
    (change.openBefore != null && targetsAround(change, change.openBefore).size === 0));

/**
 * The installations whose open signups a change reassesses, by job id: its own (less the signup that
 * changed, which was just assessed with everything there is) and every other one of its device.
 */
function targetsAround(change: InstallationChange, open: OpenNear) {
  const { tenantId, installationId } = change;
  const own = open.own - (change.kind === 'signup' && !change.openBefore ? 1 : 0);
  const ownKey = reassessmentJobId(tenantId, installationId);
  const targets = new Map<string, { tenantId: string; installationId: string; open: number }>();
  if (own > 0) targets.set(ownKey, { tenantId, installationId, open: own });
  for (const other of open.onDevice) {
    const key = reassessmentJobId(other.tenantId, other.installationId);
    if (key !== ownKey) targets.set(key, other);
  }
  return targets;
}

/**
 * Schedules the reassessments a change calls for, in the caller's transaction: the installation's
 * own open signups, and for a change to the device (its graph, its feedback, a sibling signup's
 * address) those of every installation with open signups on the device — in any tenant, since other
 * tenants' verdicts read the device's global signals. An installation without open signups costs
 * one indexed count and nothing else.
 */
export async function scheduleReassessment(repos: Repos, change: InstallationChange): Promise<void> {
  const { tenantId, installationId, now } = change;
  if (change.kind === 'signup' && rechecksInWindow(change)) {
    await armReassessment(repos, change, change.recheckAt, 'time', now);
  }
  if (change.kind === 'signup' && !changesSiblings(change)) return;
  // One statement reads both: the installation's open signups and, for a change to the device, those
  // of every installation of the device.
  const deviceWide = change.kind !== 'location_events' ? change.deviceId : null;
  const before = change.kind === 'signup' ? change.openBefore : null;
  const open = before ?? (await repos.signups.openNear(tenantId, installationId, deviceWide, now));
  const targets = targetsAround(change, open);
  for (const target of targets.values()) {
    await armReassessment(repos, target, now + debounceMs(target.open), change.kind, now);
  }
}

/** The runtime's change listener: `scheduleReassessment`, saying which changes it writes nothing for. */
export const reassessmentScheduler: ChangeListener = Object.assign(
  (repos: Repos, change: InstallationChange) => scheduleReassessment(repos, change),
  { writesNothingFor: armsNothingFor },
);
