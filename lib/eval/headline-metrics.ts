import { riskScore, type AssessedRow } from './assessed-row';
import { auc, tprAtFpr } from './ranking-metrics';

/** The bar (#10 "Must show"): honest people first, then detection. */
export const TARGETS = {
  honestSignupHigh: 0.01,
  honestPaymentHigh: 0.02,
  honestAtHomeLow: 0.95,
  unknownWithData: 0.1,
  signupAuc: 0.97,
  scenarioAuc: 0.95,
  takeoverTpr1: 0.8,
} as const;

export const TAKEOVERS = ['account_takeover', 'account_takeover_local'];

export interface Headline {
  signups: number;
  payments: number;
  /** Share of honest signups / payments (and logins) judged high_risk: who pays for the engine's mistakes. */
  honestSignupHigh: number | null;
  honestPaymentHigh: number | null;
  /** Share of honest assessments made at the declared address that are low_risk. */
  honestAtHomeLow: number | null;
  /** Share of honest assessments of devices with ≥ 3 days of data that are unknown_risk. */
  unknownWithData: number | null;
  signupAuc: number | null;
  paymentAuc: number | null;
  /** The weakest fraud scenario of signups, by AUC. */
  worstSignupScenario: { scenario: string; auc: number } | null;
  takeoverTpr1: number | null;
}

const isSignup = (r: AssessedRow) => r.kind === 'signup';
const share = (rows: readonly AssessedRow[], verdict: AssessedRow['verdict']) =>
  rows.length === 0 ? null : rows.filter((r) => r.verdict === verdict).length / rows.length;

function ranking(rows: readonly AssessedRow[], positive: (r: AssessedRow) => boolean) {
  const fraud = rows.filter(positive).map(riskScore);
  const honest = rows.filter((r) => r.label === 'honest').map(riskScore);
  return { auc: auc(fraud, honest), tpr1: tprAtFpr(fraud, honest, 0.01) };
}

/** The headline figures of a set of assessments (docs/RISK.md §7). */
export function headline(rows: readonly AssessedRow[]): Headline {
  const signups = rows.filter(isSignup);
  const payments = rows.filter((r) => !isSignup(r));
  const honest = rows.filter((r) => r.label === 'honest');
  const scenarios = [...new Set(signups.filter((r) => r.label === 'fraud').map((r) => r.scenario))];
  const perScenario = scenarios
    .map((scenario) => ({ scenario, auc: ranking(signups, (r) => r.scenario === scenario).auc }))
    .filter((s): s is { scenario: string; auc: number } => s.auc !== null)
    .sort((a, b) => a.auc - b.auc);
  return {
    signups: signups.length,
    payments: payments.length,
    honestSignupHigh: share(
      signups.filter((r) => r.label === 'honest'),
      'high_risk',
    ),
    honestPaymentHigh: share(
      payments.filter((r) => r.label === 'honest'),
      'high_risk',
    ),
    honestAtHomeLow: share(
      honest.filter((r) => r.atHome),
      'low_risk',
    ),
    unknownWithData: share(
      honest.filter((r) => r.daysOfData >= 3),
      'unknown_risk',
    ),
    signupAuc: ranking(signups, (r) => r.label === 'fraud').auc,
    paymentAuc: ranking(payments, (r) => r.label === 'fraud').auc,
    worstSignupScenario: perScenario[0] ?? null,
    takeoverTpr1: ranking(payments, (r) => TAKEOVERS.includes(r.scenario)).tpr1,
  };
}

/** Whether a headline meets every target (a missing figure does not count against it). */
export function meetsTargets(h: Headline): boolean {
  const atMost = (v: number | null, t: number) => v === null || v <= t;
  const atLeast = (v: number | null, t: number) => v === null || v >= t;
  return (
    atMost(h.honestSignupHigh, TARGETS.honestSignupHigh) &&
    atMost(h.honestPaymentHigh, TARGETS.honestPaymentHigh) &&
    atLeast(h.honestAtHomeLow, TARGETS.honestAtHomeLow) &&
    atMost(h.unknownWithData, TARGETS.unknownWithData) &&
    atLeast(h.signupAuc, TARGETS.signupAuc) &&
    atLeast(h.worstSignupScenario?.auc ?? null, TARGETS.scenarioAuc) &&
    atLeast(h.takeoverTpr1, TARGETS.takeoverTpr1)
  );
}
