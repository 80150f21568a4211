import type { Reason, ReasonCode } from '../risk';

/** One feature's share of the model's log-odds for one assessment. */
export interface Contribution {
  feature: string;
  /** The feature's value in this assessment (its model units: a share, log count, log10 metres, 0/1). */
  value: number;
  /** Log-odds this feature adds relative to the model's reference (training mean) input; > 0 raises risk. */
  effect: number;
  /** The reason code this feature stands for. */
  reason: ReasonCode;
}

/**
 * Why the evidence was too thin for a verdict (`unknown_risk`), when it was — or, for
 * `present_at_address_now`, why it disputed the model's high_risk, and for `no_trusted_place` its low_risk.
 */
export const THIN_EVIDENCE = [
  'no_declared_point',
  'no_location_events',
  'too_few_events',
  'coarse_geocode',
  'no_location',
  'present_at_address_now',
  'no_trusted_place',
] as const;
export type ThinEvidence = (typeof THIN_EVIDENCE)[number];

/** The disputes that stop a model's low_risk (the others stop its high_risk). */
const LOW_RISK_DISPUTES: readonly string[] = ['no_trusted_place'] satisfies readonly ThinEvidence[];
export const disputesLowRisk = (code: string | null): boolean =>
  code !== null && LOW_RISK_DISPUTES.includes(code);

/**
 * How an assessment was reached, stored next to its evidence for the console (never sent to API
 * clients): the model's probability and strongest contributions, the rules that fired, or why the
 * evidence was too thin to judge.
 */
export interface Explanation {
  /** The model's calibrated P(fraud), computed even when a rule or thin evidence decided. */
  probability: number;
  decidedBy: 'rules' | 'model' | 'thin_evidence';
  thresholds: { low: number; high: number };
  modelVersion: string;
  /** The strongest contributions by |effect|, at most MAX_CONTRIBUTIONS. */
  contributions: Contribution[];
  /** The rules that fired (empty when the model or thin evidence decided). */
  rules: Reason[];
  thinEvidence: ThinEvidence | null;
}

/** Contributions kept in an explanation: enough to see what decided, few enough to read. */
export const MAX_CONTRIBUTIONS = 8;

/** The strongest non-zero contributions, strongest first (ties by feature name, so the order is stable). */
export function strongestContributions(all: readonly Contribution[]): Contribution[] {
  return all
    .filter((c) => c.effect !== 0)
    .sort((a, b) => Math.abs(b.effect) - Math.abs(a.effect) || a.feature.localeCompare(b.feature))
    .slice(0, MAX_CONTRIBUTIONS);
}
