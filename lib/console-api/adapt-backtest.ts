import type { Backtest, ConfusionMatrix } from '../contracts/console/index';
import { formatDateTime, formatPercent, riskLabel, shortId } from './format';

export interface MatrixView {
  rows: { verdict: string; fraud: number; legit: number; unlabelled: number }[];
  precision: string;
  falsePositiveRate: string;
  recall: string;
}

export interface BacktestView {
  range: string;
  current: string;
  proposed: string;
  replayed: string;
  currentMatrix: MatrixView;
  proposedMatrix: MatrixView;
  queue: { current: number; proposed: number; change: string };
  flipsTotal: number;
  flips: { id: string; shortId: string; href: string; probability: string; label: string; change: string }[];
}

const ratio = (n: number, d: number) => (d > 0 ? formatPercent(n / d) : 'n/a');

export function adaptMatrix(m: ConfusionMatrix): MatrixView {
  const fraud = m.high_risk.fraud + m.unknown_risk.fraud + m.low_risk.fraud;
  const legit = m.high_risk.legit + m.unknown_risk.legit + m.low_risk.legit;
  return {
    rows: (['high_risk', 'unknown_risk', 'low_risk'] as const).map((v) => ({
      verdict: riskLabel(v),
      ...m[v],
    })),
    precision: ratio(m.high_risk.fraud, m.high_risk.fraud + m.high_risk.legit),
    falsePositiveRate: ratio(m.high_risk.legit, legit),
    recall: ratio(m.high_risk.fraud, fraud),
  };
}

const pair = (t: { low: number; high: number }) =>
  `low below ${formatPercent(t.low)}, high from ${formatPercent(t.high)}`;

export function adaptBacktest(b: Backtest): BacktestView {
  const kindPath = b.kind === 'signup' ? 'signups' : 'payments';
  const delta = b.queue.proposed - b.queue.current;
  return {
    range: `${formatDateTime(b.from)} → ${formatDateTime(b.to)}`,
    current: pair(b.current),
    proposed: pair(b.proposed),
    replayed: `${b.replayed.toLocaleString('en')} assessments replayed${b.without_explanation ? ` (${b.without_explanation.toLocaleString('en')} older ones without a stored probability left out)` : ''}`,
    currentMatrix: adaptMatrix(b.current_matrix),
    proposedMatrix: adaptMatrix(b.proposed_matrix),
    queue: {
      current: b.queue.current,
      proposed: b.queue.proposed,
      change: `${delta >= 0 ? '+' : ''}${delta.toLocaleString('en')} cases`,
    },
    flipsTotal: b.flips_total,
    flips: b.flips.map((f) => ({
      id: f.id,
      shortId: shortId(f.id),
      href: `/${kindPath}/${f.id}`,
      probability: formatPercent(f.probability),
      label: f.label ?? 'unlabelled',
      change: `${riskLabel(f.from)} → ${riskLabel(f.to)}`,
    })),
  };
}
