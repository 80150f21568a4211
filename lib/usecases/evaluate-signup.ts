import type { DeclaredLocation } from '../domain/address';
import { assessSignup, type SignupAssessment } from '../domain/signup/assess-signup';
import type { Repos } from '../db/repositories/index';
import type { InstallationRecord } from '../db/repositories/installation-repo';
import { loadDeviceHistory } from './load-device-history';

export interface SignupToEvaluate {
  tenantId: string;
  signupId: string;
  installationId: string;
  declared: DeclaredLocation | null;
}

/** Loads what is known about the signup's device and judges the signup (create, update and reassess share it). */
export async function evaluateSignup(
  repos: Repos,
  signup: SignupToEvaluate,
  installation: InstallationRecord | null,
  now: number,
): Promise<SignupAssessment> {
  const [history, otherDeclared] = await Promise.all([
    loadDeviceHistory(repos, signup.tenantId, installation, signup.installationId),
    repos.signups.otherDeclaredLocations(
      signup.tenantId,
      signup.installationId,
      installation?.deviceId ?? null,
      signup.signupId,
    ),
  ]);
  return assessSignup(
    { declared: signup.declared, otherDeclared: otherDeclared.filter((d) => d !== null), now },
    history,
  );
}
