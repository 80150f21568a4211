import type { RiskAssessment } from '../domain/risk';

/** One assessment of a simulated population: what the engine saw and said, beside the simulator's truth. */
export interface AssessedRow {
  kind: 'signup' | 'payment' | 'login';
  installationId: string;
  scenario: string;
  label: 'honest' | 'fraud';
  /** The person stood at the declared address (within 200 m) when signing up / paying. */
  atHome: boolean;
  /** Distinct days with fixes that had reached the service by the assessment. */
  daysOfData: number;
  /** The world and the kinds of life, phone and app (world model; '' for other populations). */
  world: string;
  life: string;
  phone: string;
  app: string;
  features: Record<string, number>;
  probability: number;
  verdict: RiskAssessment;
  decidedBy: 'rules' | 'model' | 'thin_evidence';
  reasons: string[];
  /** Evidence that turns any model's high_risk into unknown_risk (a signup's device at the address now). */
  contradiction?: string | null;
  /** Evidence that turns any model's low_risk into unknown_risk (a payment with nothing to compare with). */
  lowDispute?: string | null;
}

/** The score ranked by AUC: a hard rule's high_risk outranks every probability. */
export function riskScore(row: AssessedRow): number {
  return row.decidedBy === 'rules' && row.verdict === 'high_risk' ? 1 + row.probability : row.probability;
}
