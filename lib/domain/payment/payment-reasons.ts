import { VERIFICATION_MIN_EVENTS } from '../fingerprint/address-presence';
import { NEAR_ADDRESS_RADIUS_M } from '../geo/near-radius';
import type { ReasonCheck } from '../model/risk-model';
import { deviceReasonHolds, type DeviceReasonFacts } from '../verdict/device-reasons';

export interface PaymentReasonFacts extends DeviceReasonFacts {
  /** The current fix is at one of the account's trusted places (within the accuracies). */
  atTrustedPlace: boolean;
  /** `distance_to_trusted_location` as the evidence shows it (null: no fix or no trusted place). */
  distanceToTrustedM: number | null;
  /** `location_events_near_address` of each precisely geocoded address of the payment. */
  preciseAddressesNear: readonly number[];
}

/**
 * Which reason codes the payment's evidence bears out, and in which direction. `trusted_location`
 * explains a high_risk only when the evidence shows no trusted place within the near radius (150 m,
 * or the fixes' accuracy) — never for a payment made at one — and a low_risk only when it shows one.
 * `address_verification` explains a high_risk only when an address of the payment was not verified
 * by this device's fixes, a low_risk only when all were.
 */
export function paymentReasonCheck(f: PaymentReasonFacts): ReasonCheck {
  const d = f.distanceToTrustedM;
  const atTrusted = f.atTrustedPlace || (d !== null && d <= NEAR_ADDRESS_RADIUS_M);
  const verified = f.preciseAddressesNear.map((n) => n >= VERIFICATION_MIN_EVENTS);
  return (code, towardsRisk) => {
    if (code === 'trusted_location') return towardsRisk ? !atTrusted : atTrusted;
    if (code === 'address_verification')
      return verified.length > 0 && (towardsRisk ? verified.includes(false) : !verified.includes(false));
    return deviceReasonHolds(code, towardsRisk, f) ?? true;
  };
}
