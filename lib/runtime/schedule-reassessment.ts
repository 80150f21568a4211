import type { Repos } from '../db/repositories/index';
import type { InstallationChange } from '../usecases/installation-change';

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

/**
 * Schedules the reassessments a change calls for, in the caller's transaction: the installation's
 * own open signups, and for a change to the device (its graph, its feedback, a sibling signup's
 * address) those of every installation with open signups on the device — in any tenant, since other
 * tenants' verdicts read the device's global signals. An installation without open signups costs
 * one indexed count and nothing else.
 */
export async function scheduleReassessment(repos: Repos, change: InstallationChange): Promise<void> {
  const { tenantId, installationId, now } = change;
  if (change.kind === 'signup' && change.recheckAt !== null && change.recheckAt <= change.reassessUntil) {
    await armReassessment(repos, change, change.recheckAt, 'time', now);
  }
  if (change.kind === 'signup' && !change.newAddress && !change.accountLinked) return;
  // One statement reads both: the installation's open signups and, for a change to the device, those
  // of every installation of the device.
  const deviceWide = change.kind !== 'location_events' ? change.deviceId : null;
  const before = change.kind === 'signup' ? change.openBefore : null;
  const open = before ?? (await repos.signups.openNear(tenantId, installationId, deviceWide, now));
  // The signup that changed needs no second look: it was just assessed with everything there is.
  const own = open.own - (change.kind === 'signup' && !before ? 1 : 0);
  const ownKey = reassessmentJobId(tenantId, installationId);
  const targets = new Map<string, { tenantId: string; installationId: string; open: number }>();
  if (own > 0) targets.set(ownKey, { tenantId, installationId, open: own });
  for (const other of open.onDevice) {
    const key = reassessmentJobId(other.tenantId, other.installationId);
    if (key !== ownKey) targets.set(key, other);
  }
  for (const target of targets.values()) {
    await armReassessment(repos, target, now + debounceMs(target.open), change.kind, now);
  }
}
