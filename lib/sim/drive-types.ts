import type { Label, ScenarioName } from './types';
import type { RiskAssessment } from './wire-types';

/** One assessment the driver asked for, with the simulator's truth beside the service's answer. */
export interface DriveItemResult {
  kind: 'signup' | 'payment' | 'login';
  installationId: string;
  accountId: string;
  scenario: ScenarioName;
  label: Label;
  /** Simulated time of the action, epoch ms. */
  ts: number;
  /** Index into the device's payments (transactions only). */
  paymentIndex: number | null;
  status: number;
  verdict: RiskAssessment | 'error';
  id: string | null;
  reasons: { code: string; source: string }[];
  evidence: Record<string, unknown> | null;
  error: string | null;
}

export interface IngestionTotals {
  requests: number;
  accepted: number;
  rejected: number;
  failedRequests: number;
}

export interface DriveReport {
  results: DriveItemResult[];
  ingestion: IngestionTotals;
  feedback: { sent: number; failed: number };
  durationMs: number;
}
