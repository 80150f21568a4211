import type { DeclaredLocation } from '../address';
import { hasIntegrityProblem, type DeviceIntegrityEvidence } from '../device/device-report';
import type { Reason, ReasonCode, Reputation, Verdict } from '../risk';
import { VERIFICATION_MIN_EVENTS, type AddressActivity } from './address-activity';

/** Beyond this distance from every location of the device, the declared address is not where it lives. */
export const FAR_FROM_ADDRESS_M = 2_000;
/** A device with fewer non-mock events than this has not shown enough of its life to contradict an address. */
export const MIN_EVENTS_TO_CONTRADICT = 5;
/** More accounts or installations than this on one device look like a device farm. */
export const MAX_ACCOUNTS_PER_DEVICE = 3;
export const MAX_INSTALLATIONS_PER_DEVICE = 3;
export const MAX_DECLARED_ADDRESSES_PER_DEVICE = 3;

export interface SignupSignals {
  declared: DeclaredLocation | null;
  activity: AddressActivity | null;
  integrity: DeviceIntegrityEvidence | null;
  fraudReputation: Reputation;
  accountsOnDevice: number;
  installationsOnDevice: number;
  declaredAddresses: number;
}

const local = (code: ReasonCode): Reason => ({ code, source: 'local' });

/**
 * The documented rules (docs/RISK.md): device problems first, then whether the device's presence
 * confirms or contradicts the declared address; too little evidence is `unknown_risk`, never a guess.
 */
export function signupVerdict(s: SignupSignals): Verdict {
  const risks = riskReasons(s);
  if (risks.length > 0) return { riskAssessment: 'high_risk', reasons: risks };
  const a = s.activity;
  if (!a || !s.declared?.point) return { riskAssessment: 'unknown_risk', reasons: [] };
  if (a.eventsNear >= VERIFICATION_MIN_EVENTS) {
    return { riskAssessment: 'low_risk', reasons: [local('address_verification')] };
  }
  return { riskAssessment: 'unknown_risk', reasons: [] };
}

function riskReasons(s: SignupSignals): Reason[] {
  const reasons: Reason[] = [];
  if (s.integrity && hasIntegrityProblem(s.integrity)) reasons.push(local('device_integrity'));
  if (s.accountsOnDevice > MAX_ACCOUNTS_PER_DEVICE) reasons.push(local('multiple_accounts'));
  if (s.installationsOnDevice > MAX_INSTALLATIONS_PER_DEVICE) reasons.push(local('multiple_installations'));
  if (s.declaredAddresses > MAX_DECLARED_ADDRESSES_PER_DEVICE) reasons.push(local('multiple_address_streets'));
  if (contradictsAddress(s)) reasons.push(local('address_verification'));
  if (s.fraudReputation === 'confirmed_fraud') reasons.push(local('device_reputation'));
  return reasons;
}

function contradictsAddress(s: SignupSignals): boolean {
  const a = s.activity;
  if (!a || a.nearestM === null || !s.declared?.point) return false;
  return a.eventsConsidered >= MIN_EVENTS_TO_CONTRADICT && a.eventsNear === 0 && a.nearestM > FAR_FROM_ADDRESS_M;
}
