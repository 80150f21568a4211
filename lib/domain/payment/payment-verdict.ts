import { hasIntegrityProblem, type DeviceIntegrityEvidence } from '../device/device-report';
import type { Reason, ReasonCode, Reputation, Verdict } from '../risk';

/** Within this distance of a trusted place the payment happens where the user lives its life. */
export const TRUSTED_RADIUS_M = 1_000;
/** Farther than this from every trusted place is an unfamiliar location. */
export const UNFAMILIAR_DISTANCE_M = 20_000;
export const MAX_ACCOUNTS_PER_DEVICE_FOR_PAYMENT = 3;

export interface PaymentSignals {
  integrity: DeviceIntegrityEvidence | null;
  fraudReputation: Reputation;
  accountsOnDevice: number;
  knownAccount: boolean;
  hasCurrentLocation: boolean;
  distanceToTrustedM: number | null;
}

const local = (code: ReasonCode): Reason => ({ code, source: 'local' });

/** The documented payment rules (docs/RISK.md): device problems, then familiarity of the place. */
export function paymentVerdict(s: PaymentSignals): Verdict {
  const risks: Reason[] = [];
  if (s.integrity && hasIntegrityProblem(s.integrity)) risks.push(local('device_integrity'));
  if (s.fraudReputation === 'confirmed_fraud') risks.push(local('device_reputation'));
  if (s.accountsOnDevice > MAX_ACCOUNTS_PER_DEVICE_FOR_PAYMENT) risks.push(local('multiple_accounts'));
  if (s.distanceToTrustedM !== null && s.distanceToTrustedM > UNFAMILIAR_DISTANCE_M) risks.push(local('trusted_location'));
  if (risks.length > 0) return { riskAssessment: 'high_risk', reasons: risks };
  if (s.hasCurrentLocation && s.distanceToTrustedM !== null && s.distanceToTrustedM <= TRUSTED_RADIUS_M) {
    return { riskAssessment: 'low_risk', reasons: [local('trusted_location')] };
  }
  return { riskAssessment: 'unknown_risk', reasons: [] };
}
