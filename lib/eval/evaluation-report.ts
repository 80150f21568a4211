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
    const atHome = ofKind.filter((r) => r.label === 'honest' && r.atHome);
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

export const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)} %`);
export const num = (v: number | null) => (v === null ? '—' : v.toFixed(3));

/** A Markdown table of per-scenario lines (printed by `npm run eval` and written into docs/RISK.md). */
export function evaluationTable(lines: readonly ScenarioLine[]): string {
  const head =
    '| kind | scenario | n | AUC | TPR @1 % FPR | TPR @5 % FPR | low | unknown | high |\n|---|---|---:|---:|---:|---:|---:|---:|---:|';
  const body = lines.map(
    (l) =>
      `| ${l.kind} | ${l.scenario} | ${l.n} | ${num(l.auc)} | ${pct(l.tpr1)} | ${pct(l.tpr5)} | ${pct(l.lowShare)} | ${pct(l.unknownShare)} | ${pct(l.highShare)} |`,
  );
  return [head, ...body].join('\n');
}
