import type { AssessedRow } from './assessed-row';
import { evaluationLines, evaluationTable, num, pct } from './evaluation-report';
import { headline, TARGETS, type Headline } from './headline-metrics';

export interface NamedRows {
  name: string;
  rows: readonly AssessedRow[];
}

const worst = (h: Headline) =>
  h.worstSignupScenario ? `${h.worstSignupScenario.auc.toFixed(3)} (${h.worstSignupScenario.scenario})` : '—';

/** One line of headline figures per population, honest harm first; the targets as the last line. */
export function headlineTable(populations: readonly NamedRows[]): string {
  const head = [
    '| population | signups | payments | honest signups high | honest payments high | honest at address low | unknown (≥ 3 days) | signup AUC | worst signup scenario AUC | payment AUC | takeover TPR @1 % FPR |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|',
  ];
  const body = populations.map(({ name, rows }) => {
    const h = headline(rows);
    return `| ${name} | ${h.signups} | ${h.payments} | ${pct(h.honestSignupHigh)} | ${pct(h.honestPaymentHigh)} | ${pct(h.honestAtHomeLow)} | ${pct(h.unknownWithData)} | ${num(h.signupAuc)} | ${worst(h)} | ${num(h.paymentAuc)} | ${pct(h.takeoverTpr1)} |`;
  });
  const t = TARGETS;
  const target = `| **target** | | | ≤ ${pct(t.honestSignupHigh)} | ≤ ${pct(t.honestPaymentHigh)} | ≥ ${pct(t.honestAtHomeLow)} | ≤ ${pct(t.unknownWithData)} | ≥ ${t.signupAuc} | ≥ ${t.scenarioAuc} | | ≥ ${pct(t.takeoverTpr1)} |`;
  return [...head, ...body, target].join('\n');
}

/** Honest assessments judged high_risk, by the app's way of reporting and by the phone. */
export function honestHarmTable(rows: readonly AssessedRow[]): string {
  const honest = rows.filter((r) => r.label === 'honest');
  const groups = [
    ...[...new Set(honest.map((r) => r.app))]
      .sort()
      .map((app) => ({ name: `app: ${app}`, rows: honest.filter((r) => r.app === app) })),
    ...[...new Set(honest.map((r) => r.phone))]
      .sort()
      .map((phone) => ({ name: `phone: ${phone}`, rows: honest.filter((r) => r.phone === phone) })),
  ];
  const line = (name: string, group: readonly AssessedRow[]) => {
    const s = group.filter((r) => r.kind === 'signup');
    const p = group.filter((r) => r.kind !== 'signup');
    const high = (g: readonly AssessedRow[]) =>
      g.length === 0 ? null : g.filter((r) => r.verdict === 'high_risk').length / g.length;
    return `| ${name} | ${s.length} | ${pct(high(s))} | ${p.length} | ${pct(high(p))} |`;
  };
  return [
    '| honest, by | signups | high | payments | high |',
    '|---|---:|---:|---:|---:|',
    ...groups.map((g) => line(g.name, g.rows)),
  ].join('\n');
}

/** Per scenario of a population (fraud scenarios ranked against all its honest rows of the same kind). */
export function scenarioTable(rows: readonly AssessedRow[]): string {
  return evaluationTable(evaluationLines(rows));
}
