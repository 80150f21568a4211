import type { DeviceIntegrityEvidence } from '../device/device-report';
import type { AddressDiversity } from '../graph/address-diversity';
import type { DeviceGraph } from '../graph/device-graph';
import { graphReasons } from '../graph/graph-reasons';
import { modelDecision, type RiskModel } from '../model/risk-model';
import type { Reason, Reputation, RiskAssessment } from '../risk';

/** A verdict, the reasons behind it, and what decided it. */
export interface RiskDecision {
  riskAssessment: RiskAssessment;
  reasons: Reason[];
  /** The model's calibrated probability of fraud (computed even when a rule decided). */
  probability: number;
  decidedBy: 'rules' | 'model' | 'thin_evidence';
}

export interface DeviceRuleSignals {
  integrity: DeviceIntegrityEvidence | null;
  fraudReputation: Reputation;
  globalConfirmedFraud: boolean;
  graph: DeviceGraph;
}

/**
 * The device rules signups and payments share: an emulator or spoofed GPS, device-farm thresholds,
 * fraud confirmed by feedback here (`local`) or by another tenant (`global`).
 */
export function deviceRuleReasons(s: DeviceRuleSignals, diversity: AddressDiversity | null): Reason[] {
  const reasons: Reason[] = [];
  if (s.integrity && (s.integrity.emulator || s.integrity.gps_spoofing))
    reasons.push({ code: 'device_integrity', source: 'local' });
  reasons.push(...graphReasons(s.graph, diversity));
  if (s.fraudReputation === 'confirmed_fraud') reasons.push({ code: 'device_reputation', source: 'local' });
  else if (s.globalConfirmedFraud) reasons.push({ code: 'device_reputation', source: 'global' });
  return reasons;
}

/**
 * Rules first: any rule reason makes it `high_risk`. Then too thin a history is `unknown_risk`, never
 * a guess. Otherwise the model decides (docs/RISK.md §4).
 */
export function rulesThenModel(
  ruleReasons: Reason[],
  thinEvidence: boolean,
  model: RiskModel,
  features: Record<string, number>,
): RiskDecision {
  const decision = modelDecision(model, features);
  if (ruleReasons.length > 0)
    return {
      riskAssessment: 'high_risk',
      reasons: ruleReasons,
      probability: decision.probability,
      decidedBy: 'rules',
    };
  if (thinEvidence)
    return {
      riskAssessment: 'unknown_risk',
      reasons: [],
      probability: decision.probability,
      decidedBy: 'thin_evidence',
    };
  return { ...decision, decidedBy: 'model' };
}
