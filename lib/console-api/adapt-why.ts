import type { Reason } from '../contracts/console/common';
import type { Explanation } from '../contracts/console/explanation';
import { formatPercent } from './format';
import { reasonLabel, thinEvidenceLabel, type Direction } from './reason-facts';

export interface WhyLineView {
  key: string;
  label: string;
  direction: Direction;
  /** |effect| relative to the strongest line, 0–100, for the bar beside it; null for rules. */
  weight: number | null;
}

/** "Why this verdict": the score, what decided, the strongest pulls, the rules and thin evidence. */
export interface WhyView {
  score: string | null;
  decidedBy: string;
  thresholds: string | null;
  modelVersion: string | null;
  contributions: WhyLineView[];
  rules: WhyLineView[];
  thinEvidence: string | null;
  /** From the stored reasons when the engine kept no explanation (older assessments). */
  reasons: WhyLineView[];
}

export interface WhyInput {
  riskAssessment: string | null;
  reasons: Reason[];
  evidence: Record<string, unknown>;
  explanation: Explanation | null;
}

const DECIDED_BY: Record<Explanation['decidedBy'], string> = {
  rules: 'A rule decided (rules come before the model)',
  model: 'The risk model decided',
  thin_evidence: 'Too little evidence to decide',
};

/**
 * Reason codes explain the direction the evidence pushed: on a low-risk verdict they lowered the risk,
 * on a flagged one they raised it (lib/domain/model/risk-model.ts).
 */
const reasonDirection = (risk: string | null): Direction => (risk === 'low_risk' ? 'lowers' : 'raises');

export function adaptWhy(input: WhyInput): WhyView {
  const { explanation: x, evidence } = input;
  if (!x) {
    const direction = reasonDirection(input.riskAssessment);
    return {
      score: null,
      decidedBy:
        input.riskAssessment === 'unknown_risk'
          ? DECIDED_BY.thin_evidence
          : 'No explanation stored for this assessment',
      thresholds: null,
      modelVersion: null,
      contributions: [],
      rules: [],
      thinEvidence: null,
      reasons: input.reasons.map((r) => ({
        key: r.code,
        label: reasonLabel(r.code, direction, { value: null, evidence, source: r.source }),
        direction,
        weight: null,
      })),
    };
  }
  const strongest = Math.max(...x.contributions.map((c) => Math.abs(c.effect)), 1e-9);
  return {
    score: `${formatPercent(x.probability)} probability of fraud`,
    decidedBy: DECIDED_BY[x.decidedBy],
    thresholds: `low risk below ${formatPercent(x.thresholds.low)}, high risk from ${formatPercent(x.thresholds.high)}`,
    modelVersion: x.modelVersion,
    contributions: x.contributions
      .filter((c) => c.effect !== 0)
      .map((c) => {
        const direction: Direction = c.effect > 0 ? 'raises' : 'lowers';
        return {
          key: c.feature,
          label: reasonLabel(
            c.feature,
            direction,
            { value: c.value, evidence, probability: x.probability },
            c.reason,
          ),
          direction,
          weight: Math.round((Math.abs(c.effect) / strongest) * 100),
        };
      }),
    rules: x.rules.map((r) => ({
      key: r.code,
      label: reasonLabel(r.code, 'raises', {
        value: null,
        evidence,
        source: r.source,
        probability: x.probability,
      }),
      direction: 'raises',
      weight: null,
    })),
    thinEvidence: x.thinEvidence ? thinEvidenceLabel(x.thinEvidence) : null,
    reasons: [],
  };
}
