import type { AddressDiversity } from '../graph/address-diversity';
import type { RiskModel } from '../model/risk-model';
import type { ThinEvidence } from '../verdict/explanation';
import {
  deviceRuleReasons,
  rulesThenModel,
  type DeviceRuleSignals,
  type RiskDecision,
} from '../verdict/rules-then-model';

/** Fewer real fixes than this is too thin a history to judge an address by: `unknown_risk`. */
export const MIN_EVENTS_FOR_MODEL = 3;

export interface SignupRuleSignals extends DeviceRuleSignals {
  hasPoint: boolean;
  realEvents: number;
  diversity: AddressDiversity;
}

/**
 * Rules first (docs/RISK.md): emulator, spoofed GPS, fraud confirmed by feedback, device-farm
 * thresholds → high_risk. Then, with no declared point or under MIN_EVENTS_FOR_MODEL fixes,
 * unknown_risk. Otherwise the model decides.
 */
export function signupVerdict(
  s: SignupRuleSignals,
  model: RiskModel,
  features: Record<string, number>,
): RiskDecision {
  return rulesThenModel(deviceRuleReasons(s, s.diversity), thinSignupEvidence(s), model, features);
}

function thinSignupEvidence(s: SignupRuleSignals): ThinEvidence | null {
  if (!s.hasPoint) return 'no_declared_point';
  if (s.realEvents === 0) return 'no_location_events';
  if (s.realEvents < MIN_EVENTS_FOR_MODEL) return 'too_few_events';
  return null;
}
