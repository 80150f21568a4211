import { riskScore, type AssessedRow } from './assessed-row';
import { auc, tprAtFpr } from './ranking-metrics';

export interface ScenarioLine {
  kind: 'signup' | 'payment';
  scenario: string;
  label: 'honest' | 'fraud' | 'all';
  n: number;
  auc: number | null;
  tpr1: number | null;
  tpr5: number | null;
  unknownShare: number;
  lowShare: number;
  highShare: number;
}

/**
 * Per scenario: fraud scenarios are ranked against every honest row of the same kind (AUC, TPR at
 * 1 % / 5 % FPR); honest scenarios report their verdict shares. Logins count with payments.
 */
export function evaluationLines(rows: readonly AssessedRow[]): ScenarioLine[] {
  const lines: ScenarioLine[] = [];
  for (const kind of ['signup', 'payment'] as const) {
    const ofKind = rows.filter((r) => (kind === 'signup' ? r.kind === 'signup' : r.kind !== 'signup'));
    const honest = ofKind.filter((r) => r.label === 'honest').map(riskScore);
    const scenarios = [...new Set(ofKind.map((r) => r.scenario))].sort();
    for (const scenario of scenarios) {
      const group = ofKind.filter((r) => r.scenario === scenario);
      const label = group[0]?.label ?? 'honest';
      const scores = group.map(riskScore);
      lines.push(line(kind, scenario, label, group, label === 'fraud' ? scores : null, honest));
    }
    const fraud = ofKind.filter((r) => r.label === 'fraud').map(riskScore);
    lines.push(line(kind, 'overall', 'all', ofKind, fraud, honest));
    const atHome = ofKind.filter((r) => r.scenario === 'honest' && r.atHome);
    lines.push(line(kind, 'honest_at_home', 'honest', atHome, null, honest));
  }
  return lines;
}

function line(
  kind: 'signup' | 'payment',
  scenario: string,
  label: ScenarioLine['label'],
  group: readonly AssessedRow[],
  positives: number[] | null,
  negatives: number[],
): ScenarioLine {
  const share = (v: string) =>
    group.length === 0 ? 0 : group.filter((r) => r.verdict === v).length / group.length;
  return {
    kind,
    scenario,
    label,
    n: group.length,
    auc: positives ? auc(positives, negatives) : null,
    tpr1: positives ? tprAtFpr(positives, negatives, 0.01) : null,
    tpr5: positives ? tprAtFpr(positives, negatives, 0.05) : null,
    unknownShare: share('unknown_risk'),
    lowShare: share('low_risk'),
    highShare: share('high_risk'),
  };
}

const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)} %`);
const num = (v: number | null) => (v === null ? '—' : v.toFixed(3));

/** A Markdown table (printed by `npm run eval` and pasted into docs/RISK.md). */
export function evaluationTable(lines: readonly ScenarioLine[]): string {
  const head =
    '| kind | scenario | n | AUC | TPR @1 % FPR | TPR @5 % FPR | low | unknown | high |\n|---|---|---:|---:|---:|---:|---:|---:|---:|';
  const body = lines.map(
    (l) =>
      `| ${l.kind} | ${l.scenario} | ${l.n} | ${num(l.auc)} | ${pct(l.tpr1)} | ${pct(l.tpr5)} | ${pct(l.lowShare)} | ${pct(l.unknownShare)} | ${pct(l.highShare)} |`,
  );
  return [head, ...body].join('\n');
}

/** The leave-one-scenario-out table: one row per held-out fraud scenario and evaluation population. */
export function heldOutTable(lines: readonly (ScenarioLine & { population: string })[]): string {
  const head =
    '| held-out scenario | kind | scored on | n | AUC | TPR @1 % FPR | TPR @5 % FPR | low | unknown | high |\n|---|---|---|---:|---:|---:|---:|---:|---:|---:|';
  const body = lines.map(
    (l) =>
      `| ${l.scenario} | ${l.kind} | ${l.population} | ${l.n} | ${num(l.auc)} | ${pct(l.tpr1)} | ${pct(l.tpr5)} | ${pct(l.lowShare)} | ${pct(l.unknownShare)} | ${pct(l.highShare)} |`,
  );
  return [head, ...body].join('\n');
}

/** The headline figures of one population's lines (the JSON line of `npm run eval`). */
export function evaluationSummary(lines: readonly ScenarioLine[]) {
  const get = (kind: string, scenario: string) =>
    lines.find((l) => l.kind === kind && l.scenario === scenario);
  const signupFraud = lines.filter((l) => l.kind === 'signup' && l.label === 'fraud');
  const honest = (kind: string) => lines.filter((l) => l.kind === kind && l.label === 'honest');
  return {
    signup_auc: get('signup', 'overall')?.auc ?? null,
    signup_min_scenario_auc: Math.min(...signupFraud.map((l) => l.auc ?? 0)),
    payment_auc: get('payment', 'overall')?.auc ?? null,
    account_takeover_tpr_at_1pct_fpr: get('payment', 'account_takeover')?.tpr1 ?? null,
    honest_at_home_signup_low_risk: get('signup', 'honest_at_home')?.lowShare ?? null,
    honest_at_home_payment_low_risk: get('payment', 'honest_at_home')?.lowShare ?? null,
    /** The worst share of high_risk among honest scenarios: who pays for the engine's mistakes. */
    honest_max_signup_high_risk: Math.max(0, ...honest('signup').map((l) => l.highShare)),
    honest_max_payment_high_risk: Math.max(0, ...honest('payment').map((l) => l.highShare)),
    signup_unknown_share: get('signup', 'overall')?.unknownShare ?? null,
    payment_unknown_share: get('payment', 'overall')?.unknownShare ?? null,
  };
}
