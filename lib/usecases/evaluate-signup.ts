import type { DeclaredLocation } from '../domain/address';
import type { DeviceHistory } from '../domain/device/device-history';
import { widensDiversity } from '../domain/graph/address-diversity';
import type { RiskModel } from '../domain/model/risk-model';
import { assessSignup, type SignupAssessment } from '../domain/signup/assess-signup';
import type { Repos } from '../db/repositories/index';
import type { InstallationRecord } from '../db/repositories/installation-repo';
import type { DeclaredOnDevice } from '../db/repositories/declared-on-device';
import { AppError } from './app-error';
import { loadDeviceHistory } from './load-device-history';
import { resolveInstallation, type InstallationRef, type RequestTokenVerifier } from './resolve-installation';

export interface SignupToEvaluate {
  tenantId: string;
  signupId: string;
  installationId: string;
  declared: DeclaredLocation | null;
}

/** What is known about one installation that every signup of it is judged against. */
export interface SignupContext {
  history: DeviceHistory;
  /** Addresses declared in the signups of the installation or its device. */
  declaredOnDevice: readonly DeclaredOnDevice[];
  /** The signup model with the tenant's applied thresholds. */
  model: RiskModel;
}

/** Loads the context of an installation's signups once (create, update and reassess share it). */
export async function loadSignupContext(
  repos: Repos,
  tenantId: string,
  installationId: string,
  installation: InstallationRecord | null,
  now: number,
): Promise<SignupContext> {
  // The history and the device's declared addresses in one statement (one round trip on PostgreSQL).
  const [stored, models] = await Promise.all([
    repos.deviceHistory.loadForSignup(tenantId, installationId, installation?.deviceId ?? null),
    repos.thresholds.modelsFor(tenantId, now),
  ]);
  const history = await loadDeviceHistory(repos, tenantId, installation, installationId, now, stored);
  return { history, declaredOnDevice: stored.declaredOnDevice, model: models.signup };
}

/**
 * The installation a new signup names (the spec's 404 when the SDK never reported it) and the context
 * it is judged in, read together: the row and its history are one statement.
 */
export async function loadNamedSignupContext(
  repos: Repos,
  ref: InstallationRef,
  tenantId: string,
  verifyRequestToken: RequestTokenVerifier,
  now: number,
): Promise<{ installation: InstallationRecord; context: SignupContext }> {
  const resolved = await resolveInstallation(ref, tenantId, verifyRequestToken);
  const [found, models] = await Promise.all([
    resolved.kind === 'identified'
      ? repos.deviceHistory.findForSignup(tenantId, resolved.installationId)
      : null,
    repos.thresholds.modelsFor(tenantId, now),
  ]);
  if (!found) throw new AppError('installation_not_found');
  const { installation, history: stored } = found;
  const history = await loadDeviceHistory(
    repos,
    tenantId,
    installation,
    installation.installationId,
    now,
    stored,
  );
  return {
    installation,
    context: { history, declaredOnDevice: stored.declaredOnDevice, model: models.signup },
  };
}

/** A signup is judged against at most this many other declared addresses of its device. */
const OTHER_DECLARED_LIMIT = 100;

/** Judges one signup in its installation's context: the other signups' addresses count, its own does not. */
export function judgeSignup(
  context: SignupContext,
  signup: Pick<SignupToEvaluate, 'signupId' | 'declared'>,
  now: number,
): SignupAssessment {
  const otherDeclared = context.declaredOnDevice
    .filter((d) => d.signupId !== signup.signupId)
    .slice(0, OTHER_DECLARED_LIMIT)
    .map((d) => d.declared);
  return assessSignup(
    { declared: signup.declared, otherDeclared, now, model: context.model },
    context.history,
  );
}

/**
 * Whether a new signup declaring `declared` can move the verdicts of the signups judged in `context`:
 * they read the other declared addresses only through their diversity, so an address whose address,
 * city, street and postal code the device's signups already declared moves none. Past the limit of
 * addresses a signup is judged against, which ones count may shift: then it may.
 */
export function declaresNewAddress(context: SignupContext, declared: DeclaredLocation | null): boolean {
  if (declared === null) return false;
  if (context.declaredOnDevice.length >= OTHER_DECLARED_LIMIT) return true;
  return widensDiversity(
    context.declaredOnDevice.map((d) => d.declared),
    declared,
  );
}

/** Loads what is known about the signup's device and judges the signup. */
export async function evaluateSignup(
  repos: Repos,
  signup: SignupToEvaluate,
  installation: InstallationRecord | null,
  now: number,
): Promise<SignupAssessment> {
  const context = await loadSignupContext(repos, signup.tenantId, signup.installationId, installation, now);
  return judgeSignup(context, signup, now);
}
