import type { AddressPresence } from '../fingerprint/address-presence';
import { VERIFICATION_MIN_EVENTS } from '../fingerprint/address-presence';
import type { ReasonCheck } from '../model/risk-model';
import { deviceReasonHolds, type DeviceReasonFacts } from '../verdict/device-reasons';

/** The device stood at the address on at least this share of its days: it lives or works there. */
export const PRESENT_DAY_SHARE = 0.25;

/**
 * Which reason codes the signup's evidence bears out, and in which direction. `address_verification`
 * explains a high_risk only when the evidence shows the device absent from the address (no
 * verification, or present on fewer than PRESENT_DAY_SHARE of its days), and a low_risk only when it
 * shows it there (verified: VERIFICATION_MIN_EVENTS fixes near it, on two days or more).
 */
export function signupReasonCheck(f: DeviceReasonFacts & { presence: AddressPresence | null }): ReasonCheck {
  const p = f.presence;
  const verified = p !== null && p.eventsNear >= VERIFICATION_MIN_EVENTS && p.daysNear >= 2;
  const present = verified && p.daysNear / Math.max(1, p.activeDays) >= PRESENT_DAY_SHARE;
  return (code, towardsRisk) => {
    if (code === 'address_verification') return towardsRisk ? !present : verified;
    return deviceReasonHolds(code, towardsRisk, f) ?? true;
  };
}
