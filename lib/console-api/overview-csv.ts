import type { Overview } from '../contracts/console/index';

/** RFC 4180 field: quoted when it holds a comma, a quote or a line break. */
const field = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};
const lines = (rows: (string | number | null)[][]) =>
  rows.map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';

/** The overview per day (verdicts and webhook attempts) or per week (precision, false positives). */
export function overviewCsv(o: Overview, table: 'days' | 'weeks'): string {
  if (table === 'weeks') {
    return lines([
      [
        'week',
        'kind',
        'labelled_fraud',
        'labelled_legit',
        'high_risk_fraud',
        'high_risk_legit',
        'precision',
        'false_positive_rate',
      ],
      ...o.quality_by_week.map((w) => [
        w.week,
        w.kind,
        w.fraud,
        w.legit,
        w.flagged_fraud,
        w.flagged_legit,
        w.precision,
        w.false_positive_rate,
      ]),
    ]);
  }
  const webhooks = new Map(o.webhooks.by_day.map((d) => [d.day, d]));
  return lines([
    [
      'day',
      'signups_low',
      'signups_unknown',
      'signups_high',
      'payments_low',
      'payments_unknown',
      'payments_high',
      'webhooks_delivered',
      'webhook_attempts_failed',
    ],
    ...o.signups_by_day.map((s, i) => {
      const p = o.payments_by_day[i];
      const w = webhooks.get(s.day);
      return [
        s.day,
        s.low_risk,
        s.unknown_risk,
        s.high_risk,
        p?.low_risk ?? 0,
        p?.unknown_risk ?? 0,
        p?.high_risk ?? 0,
        w?.delivered ?? 0,
        w?.failed ?? 0,
      ];
    }),
  ]);
}
