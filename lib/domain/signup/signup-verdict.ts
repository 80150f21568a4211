import { coarseGeocode, type DeclaredLocation } from '../address';
import type { AddressDiversity } from '../graph/address-diversity';
import type { ReasonCheck, RiskModel } from '../model/risk-model';
import type { ThinEvidence } from '../verdict/explanation';
import { SIGNUP_ADDRESS_FEATURES } from './signup-features';
import {
  deviceRuleReasons,
  rulesThenModel,
  type DeviceRuleSignals,
  type RiskDecision,
} from '../verdict/rules-then-model';

/** Fewer real fixes than this is too thin a history to judge an address by: `unknown_risk`. */
export const MIN_EVENTS_FOR_MODEL = 3;

export interface SignupRuleSignals extends DeviceRuleSignals {
  declared: DeclaredLocation | null;
  realEvents: number;
  diversity: AddressDiversity;
  /** Evidence against a model's high_risk: the device stood at the address on its latest active day. */
  contradiction: ThinEvidence | null;
}

/**
 * Rules first (docs/RISK.md): emulator, spoofed GPS (flagged, mock or a faked signal), fraud confirmed
 * by feedback, device-farm thresholds → high_risk. Then thin evidence → unknown_risk: no declared
 * point, a geocode too coarse to measure a distance from, under MIN_EVENTS_FOR_MODEL fixes. Otherwise
 * the model decides, its reasons checked against the evidence (`check`); a model's high_risk for a
 * device that stands at the address now (someone who just moved in) is unknown_risk
 * (`present_at_address_now`): its past elsewhere is not proof, its present is not yet enough. With thin
 * evidence the probability leaves out the features measured against the address (SIGNUP_ADDRESS_FEATURES).
 */
export function signupVerdict(
  s: SignupRuleSignals,
  model: RiskModel,
  features: Record<string, number>,
  check: ReasonCheck,
): RiskDecision {
  return rulesThenModel(
    deviceRuleReasons(s, s.diversity),
    thinSignupEvidence(s),
    model,
    features,
    check,
    { high: s.contradiction },
    SIGNUP_ADDRESS_FEATURES,
  );
}

function thinSignupEvidence(s: SignupRuleSignals): ThinEvidence | null {
  if (!s.declared?.point) return 'no_declared_point';
  if (coarseGeocode(s.declared)) return 'coarse_geocode';
  if (s.realEvents === 0) return 'no_location_events';
  if (s.realEvents < MIN_EVENTS_FOR_MODEL) return 'too_few_events';
  return null;
}
