import type { RiskAssessment } from '../risk';

export const WEBHOOK_EVENT_TYPES = ['verification', 'risk_decrease', 'risk_increase'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * The notifiable change between two assessments (SPEC §3 state table), or null when the change is
 * not one the spec notifies (no change, or a return to `unknown_risk`).
 */
export function signupTransition(before: RiskAssessment, after: RiskAssessment): WebhookEventType | null {
  if (before === after || after === 'unknown_risk') return null;
  if (before === 'unknown_risk') return 'verification';
  if (before === 'high_risk' && after === 'low_risk') return 'risk_decrease';
  if (before === 'low_risk' && after === 'high_risk') return 'risk_increase';
  return null;
}

/** Signups are reassessed for this long after creation (SPEC §3, §8). */
export const REASSESSMENT_WINDOW_MS = 48 * 60 * 60 * 1000;
