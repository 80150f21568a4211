import type { RiskAssessment } from '../domain/risk';

/** One assessment of a simulated population: what the engine saw and said, beside the simulator's truth. */
export interface AssessedRow {
  kind: 'signup' | 'payment' | 'login';
  installationId: string;
  scenario: string;
  label: 'honest' | 'fraud';
  /** The device was at its real home when it signed up / paid. */
  atHome: boolean;
  features: Record<string, number>;
  probability: number;
  verdict: RiskAssessment;
  decidedBy: 'rules' | 'model' | 'thin_evidence';
  reasons: string[];
}

/** The score ranked by AUC: a hard rule's high_risk outranks every probability. */
export function riskScore(row: AssessedRow): number {
  return row.decidedBy === 'rules' && row.verdict === 'high_risk' ? 1 + row.probability : row.probability;
}
