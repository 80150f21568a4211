import type { DeviceIntegrityEvidence } from '../device/device-report';
import type { AddressDiversity } from '../graph/address-diversity';
import type { DeviceGraph } from '../graph/device-graph';
import { graphReasons } from '../graph/graph-reasons';
import { modelDecision, type RiskModel } from '../model/risk-model';
import type { Reason, Reputation, RiskAssessment } from '../risk';

/** Fewer real fixes than this is too thin a history to judge an address by: `unknown_risk`. */
export const MIN_EVENTS_FOR_MODEL = 3;

export interface SignupRuleSignals {
  hasPoint: boolean;
  realEvents: number;
  integrity: DeviceIntegrityEvidence | null;
  fraudReputation: Reputation;
  globalConfirmedFraud: boolean;
  graph: DeviceGraph;
  diversity: AddressDiversity;
}

export interface SignupDecision {
  riskAssessment: RiskAssessment;
  reasons: Reason[];
  /** The model's calibrated probability of fraud (computed even when a rule decided). */
  probability: number;
  decidedBy: 'rules' | 'model' | 'thin_evidence';
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
): SignupDecision {
  const decision = modelDecision(model, features);
  const risks = hardReasons(s);
  if (risks.length > 0)
    return {
      riskAssessment: 'high_risk',
      reasons: risks,
      probability: decision.probability,
      decidedBy: 'rules',
    };
  if (!s.hasPoint || s.realEvents < MIN_EVENTS_FOR_MODEL) {
    return {
      riskAssessment: 'unknown_risk',
      reasons: [],
      probability: decision.probability,
      decidedBy: 'thin_evidence',
    };
  }
  return { ...decision, decidedBy: 'model' };
}

export function hardReasons(s: Omit<SignupRuleSignals, 'hasPoint' | 'realEvents'>): Reason[] {
  const reasons: Reason[] = [];
  if (s.integrity && (s.integrity.emulator || s.integrity.gps_spoofing))
    reasons.push({ code: 'device_integrity', source: 'local' });
  reasons.push(...graphReasons(s.graph, s.diversity));
  if (s.fraudReputation === 'confirmed_fraud') reasons.push({ code: 'device_reputation', source: 'local' });
  else if (s.globalConfirmedFraud) reasons.push({ code: 'device_reputation', source: 'global' });
  return reasons;
}
