import type { DeviceIntegrityEvidence } from '../device/device-report';
import type { DeviceGraph } from '../graph/device-graph';
import { graphReasons } from '../graph/graph-reasons';
import { modelDecision, type RiskModel } from '../model/risk-model';
import { unfamiliarDeviceFarAway } from './payment-features';
import type { Reason, Reputation, RiskAssessment } from '../risk';

export interface PaymentRuleSignals {
  integrity: DeviceIntegrityEvidence | null;
  fraudReputation: Reputation;
  globalConfirmedFraud: boolean;
  graph: DeviceGraph;
  /** Neither a current fix nor any trusted place of the account: nothing to compare. */
  thinEvidence: boolean;
  /** In-store payment with a fresh fix farther than STORE_MISMATCH_M from the store. */
  awayFromStore: boolean;
}

export interface PaymentDecision {
  riskAssessment: RiskAssessment;
  reasons: Reason[];
  probability: number;
  decidedBy: 'rules' | 'model' | 'thin_evidence';
}

/**
 * Rules first (docs/RISK.md): emulator, spoofed GPS, confirmed fraud, device-farm thresholds, an
 * in-store payment away from the store, a device new to the account far from all its places → high_risk; no location at all → unknown_risk; else the model.
 */
export function paymentVerdict(
  s: PaymentRuleSignals,
  model: RiskModel,
  features: Record<string, number>,
): PaymentDecision {
  const decision = modelDecision(model, features);
  const risks: Reason[] = [];
  if (s.integrity && (s.integrity.emulator || s.integrity.gps_spoofing))
    risks.push({ code: 'device_integrity', source: 'local' });
  if (s.fraudReputation === 'confirmed_fraud') risks.push({ code: 'device_reputation', source: 'local' });
  else if (s.globalConfirmedFraud) risks.push({ code: 'device_reputation', source: 'global' });
  risks.push(...graphReasons(s.graph, null));
  if (s.awayFromStore || unfamiliarDeviceFarAway(features))
    risks.push({ code: 'trusted_location', source: 'local' });
  if (risks.length > 0)
    return {
      riskAssessment: 'high_risk',
      reasons: risks,
      probability: decision.probability,
      decidedBy: 'rules',
    };
  if (s.thinEvidence)
    return {
      riskAssessment: 'unknown_risk',
      reasons: [],
      probability: decision.probability,
      decidedBy: 'thin_evidence',
    };
  return { ...decision, decidedBy: 'model' };
}
