import type { DeviceIntegrityEvidence } from '../device/device-report';
import type { AddressDiversity } from '../graph/address-diversity';
import type { DeviceGraph } from '../graph/device-graph';
import { graphReasons } from '../graph/graph-reasons';
import { modelDecision, type ReasonCheck, type RiskModel } from '../model/risk-model';
import type { Reason, Reputation, RiskAssessment } from '../risk';
import { strongestContributions, type Explanation, type ThinEvidence } from './explanation';

/** A verdict, the reasons behind it, and what decided it. */
export interface RiskDecision {
  riskAssessment: RiskAssessment;
  reasons: Reason[];
  /** The model's calibrated probability of fraud (computed even when a rule decided). */
  probability: number;
  decidedBy: Explanation['decidedBy'];
  explanation: Explanation;
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
 * Evidence against a model's verdict, either way: against its high_risk (the device stands at the
 * address now) or against its low_risk (nothing to compare the device with: no trusted place, no
 * address it was at). A disputed verdict is `unknown_risk` with the dispute in `thinEvidence`.
 */
export interface VerdictDisputes {
  high?: ThinEvidence | null;
  low?: ThinEvidence | null;
}

/**
 * Rules first: any rule reason makes it `high_risk`. Then too thin a history is `unknown_risk`, never
 * a guess. Otherwise the model decides (docs/RISK.md §4) — except that a model's verdict the evidence
 * disputes (`disputes`: a high_risk while the device stands at the address now, a low_risk with nothing
 * to compare the device with) is `unknown_risk` with that reason in the explanation's `thinEvidence`
 * (still decided by the model).
 * Whoever decides, the explanation carries the model's probability and strongest contributions. When the
 * evidence is thin, the features in `unknownWhenThin` (those measured against what was too thin to
 * judge, e.g. an address placed only at a city's centre) are unknown in that probability: it says what
 * the rest of the evidence says, never "fraud" from a distance to a centroid.
 */
export function rulesThenModel(
  ruleReasons: Reason[],
  thinEvidence: ThinEvidence | null,
  model: RiskModel,
  features: Record<string, number>,
  check?: ReasonCheck,
  disputes: VerdictDisputes = {},
  unknownWhenThin: readonly string[] = [],
): RiskDecision {
  const decidedBy: Explanation['decidedBy'] =
    ruleReasons.length > 0 ? 'rules' : thinEvidence !== null ? 'thin_evidence' : 'model';
  const decision = modelDecision(
    model,
    features,
    check,
    decidedBy === 'thin_evidence' ? unknownWhenThin : [],
  );
  const disputed =
    decidedBy !== 'model'
      ? null
      : decision.riskAssessment === 'high_risk'
        ? (disputes.high ?? null)
        : decision.riskAssessment === 'low_risk'
          ? (disputes.low ?? null)
          : null;
  const explanation: Explanation = {
    probability: Math.round(decision.probability * 1e6) / 1e6,
    decidedBy,
    thresholds: { ...model.thresholds },
    modelVersion: model.version,
    contributions: strongestContributions(decision.contributions),
    rules: decidedBy === 'rules' ? ruleReasons : [],
    thinEvidence: decidedBy === 'thin_evidence' ? thinEvidence : disputed,
  };
  const { probability } = decision;
  // Written out, not `{ ...base, riskAssessment }`: a spread copy that then gains fields is promoted by V8.
  if (decidedBy === 'rules')
    return { probability, decidedBy, explanation, riskAssessment: 'high_risk', reasons: ruleReasons };
  if (decidedBy === 'thin_evidence' || disputed !== null)
    return { probability, decidedBy, explanation, riskAssessment: 'unknown_risk', reasons: [] };
  return {
    probability,
    decidedBy,
    explanation,
    riskAssessment: decision.riskAssessment,
    reasons: decision.reasons,
  };
}
