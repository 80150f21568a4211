import type { ReasonCheck, RiskModel } from '../model/risk-model';
import {
  deviceRuleReasons,
  rulesThenModel,
  type DeviceRuleSignals,
  type RiskDecision,
} from '../verdict/rules-then-model';
import { unfamiliarDeviceFarAway } from './payment-features';

export interface PaymentRuleSignals extends DeviceRuleSignals {
  /** Neither a current fix nor any trusted place of the account: nothing to compare. */
  thinEvidence: boolean;
  /** In-store payment with a fresh fix farther than STORE_MISMATCH_M from the store. */
  awayFromStore: boolean;
  /**
   * Nothing to judge a low risk by: the account has no trusted place and the device was at none of the
   * payment's addresses. A model's low_risk is then `unknown_risk` (`no_trusted_place`).
   */
  noReference: boolean;
}

/**
 * Rules first (docs/RISK.md): emulator, spoofed GPS (flagged, mock or a faked signal), confirmed fraud,
 * device-farm thresholds, an in-store payment away from the store, a device new to the account far from
 * all its places → high_risk; no location at all → unknown_risk; else the model, its reasons checked
 * against the evidence (`check`), its low_risk unknown_risk when there is nothing to compare with.
 */
export function paymentVerdict(
  s: PaymentRuleSignals,
  model: RiskModel,
  features: Record<string, number>,
  check: ReasonCheck,
): RiskDecision {
  const risks = deviceRuleReasons(s, null);
  if (s.awayFromStore || unfamiliarDeviceFarAway(features))
    risks.push({ code: 'trusted_location', source: 'local' });
  return rulesThenModel(risks, s.thinEvidence ? 'no_location' : null, model, features, check, {
    low: s.noReference ? 'no_trusted_place' : null,
  });
}
