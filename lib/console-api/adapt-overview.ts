import type { Overview } from '../contracts/console/index';
import { formatAge, reasonLabel } from './format';

export interface OverviewView {
  range: { from: string; to: string };
  signupsByDay: { day: string; low: number; high: number; unknown: number }[];
  paymentsByDay: { day: string; low: number; high: number; unknown: number }[];
  reasons: { label: string; signups: number; payments: number }[];
  outcomes: { label: string; count: number }[];
  backlog: { queue: string; open: number; inReview: number; oldestAge: string }[];
  webhooks: {
    available: boolean;
    byDay: { day: string; delivered: number; failed: number }[];
    pending: number;
    latency: string;
  };
  totals: { signups: number; flaggedShare: string; payments: number };
}

const OUTCOME_LABELS: Record<string, string> = {
  'signup:fraud': 'Signups confirmed fraud',
  'signup:legit': 'Signups false positive (legit)',
  'payment:decline': 'Payments declined',
  'payment:approve': 'Payments approved',
};

const byDay = (rows: Overview['signups_by_day']) =>
  rows.map((r) => ({ day: r.day.slice(5), low: r.low_risk, high: r.high_risk, unknown: r.unknown_risk }));

export function adaptOverview(o: Overview, now: number): OverviewView {
  const signups = o.signups_by_day.reduce((n, d) => n + d.low_risk + d.high_risk + d.unknown_risk, 0);
  const flagged = o.signups_by_day.reduce((n, d) => n + d.high_risk + d.unknown_risk, 0);
  const payments = o.payments_by_day.reduce((n, d) => n + d.low_risk + d.high_risk + d.unknown_risk, 0);
  return {
    range: {
      from: new Date(o.from).toISOString().slice(0, 10),
      to: new Date(o.to).toISOString().slice(0, 10),
    },
    signupsByDay: byDay(o.signups_by_day),
    paymentsByDay: byDay(o.payments_by_day),
    reasons: o.top_reasons.map((r) => ({
      label: reasonLabel(r.code),
      signups: r.signups,
      payments: r.payments,
    })),
    outcomes: o.review_outcomes.map((r) => ({
      label: OUTCOME_LABELS[`${r.kind}:${r.outcome}`] ?? `${r.kind} ${r.outcome}`,
      count: r.count,
    })),
    backlog: [
      {
        queue: 'Signups (high + unknown)',
        open: o.backlog.signups.open,
        inReview: o.backlog.signups.in_review,
        oldestAge: formatAge(o.backlog.signups.oldest_open_at, now),
      },
      {
        queue: 'Payments (high)',
        open: o.backlog.payments.open,
        inReview: o.backlog.payments.in_review,
        oldestAge: formatAge(o.backlog.payments.oldest_open_at, now),
      },
    ],
    webhooks: {
      available: o.webhooks.available,
      byDay: o.webhooks.by_day.map((d) => ({ ...d, day: d.day.slice(5) })),
      pending: o.webhooks.pending,
      latency:
        o.webhooks.p50_latency_ms === null
          ? '—'
          : `p50 ${Math.round(o.webhooks.p50_latency_ms)} ms · p95 ${Math.round(o.webhooks.p95_latency_ms ?? 0)} ms`,
    },
    totals: { signups, flaggedShare: signups ? `${Math.round((flagged / signups) * 100)} %` : '—', payments },
  };
}
