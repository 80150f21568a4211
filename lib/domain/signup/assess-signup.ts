import { declaredAddressKey, type DeclaredLocation } from '../address';
import { deviceBehaviorReputation } from '../device/device-behavior-reputation';
import { mockEventCount, type DeviceHistory } from '../device/device-history';
import { deviceIntegrityEvidence, locationServicesEvidence } from '../device/device-report';
import { deviceFraudReputation } from '../feedback/device-fraud-reputation';
import { nearRadiusMetres } from '../geo/near-radius';
import { addressActivity, type AddressActivity } from './address-activity';
import { addressQualityEvidence, type SignupEvidence } from './signup-evidence';
import type { Verdict } from '../risk';
import { signupVerdict } from './signup-verdict';

export interface SignupInput {
  declared: DeclaredLocation | null;
  /** Keys of the addresses declared in this device's other signups (see declaredAddressKey). */
  otherDeclaredAddressKeys: readonly string[];
  now: number;
}

export interface SignupAssessment extends Verdict {
  evidence: SignupEvidence;
}

/**
 * Judges whether the device lives at the declared address: measures its location history against the
 * address, adds what is known about the device, and applies the verdict rules.
 */
export function assessSignup(input: SignupInput, history: DeviceHistory): SignupAssessment {
  const point = input.declared?.point ?? null;
  const activity = point ? addressActivity(history.events, point, nearRadiusMetres(input.declared?.uncertaintyM ?? null)) : null;
  const integrity = history.device ? deviceIntegrityEvidence(history.device, mockEventCount(history.events)) : null;
  const fraudReputation = deviceFraudReputation(history.feedback, input.now);
  const declaredAddresses = countDeclaredAddresses(input);
  const verdict = signupVerdict({
    declared: input.declared,
    activity,
    integrity,
    fraudReputation,
    accountsOnDevice: history.accountsOnDevice,
    installationsOnDevice: history.installationsOnDevice,
    declaredAddresses,
  });
  const evidence: SignupEvidence = {
    ...(history.device?.model ? { device_model: history.device.model } : {}),
    ...addressQualityEvidence(input.declared),
    location_events_quantity: history.eventCount,
    ...(history.device ? { location_services: locationServicesEvidence(history.device) } : {}),
    ...(integrity ? { device_integrity: integrity } : {}),
    device_fraud_reputation: fraudReputation,
    device_behavior_reputation: integrity ? deviceBehaviorReputation(integrity, history.eventCount) : 'unknown',
    accessed_accounts: history.accountsOnDevice,
    app_reinstallations: Math.max(0, history.installationsOnDevice - 1),
    different_declared_addresses: declaredAddresses,
    ...activityEvidence(activity),
  };
  return { ...verdict, evidence };
}

function countDeclaredAddresses(input: SignupInput): number {
  const keys = new Set(input.otherDeclaredAddressKeys);
  const own = input.declared ? declaredAddressKey(input.declared) : null;
  if (own) keys.add(own);
  return keys.size;
}

function activityEvidence(activity: AddressActivity | null): Partial<SignupEvidence> {
  if (!activity) return {};
  const iso = (ms: number | null) => (ms === null ? undefined : new Date(ms).toISOString());
  const timestamps = {
    first_known_address_activity: iso(activity.firstNearAt),
    last_known_address_activity: iso(activity.lastNearAt),
    first_address_verification: iso(activity.verifiedAt),
  };
  const defined = Object.fromEntries(Object.entries(timestamps).filter(([, v]) => v !== undefined));
  return {
    location_events_near_address: activity.eventsNear,
    ...(Object.keys(defined).length > 0 ? { activity_evidence: defined } : {}),
    ...(activity.lastM !== null ? { distance_from_last_location_to_declared_address: round1(activity.lastM) } : {}),
    ...(activity.nearestM !== null
      ? { distance_from_nearest_location_to_declared_address: round1(activity.nearestM) }
      : {}),
  };
}

const round1 = (m: number) => Math.round(m * 10) / 10;
