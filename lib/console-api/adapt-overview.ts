import type { Overview } from '../contracts/console/index';
import { formatAge, formatPercent } from './format';
import { reasonName } from './reason-facts';

const DAY_MS = 86_400_000;

export interface DayBarView {
  day: string;
  label: string;
  low: number;
  high: number;
  unknown: number;
  /** The queue filtered to this day (any status), for the drill-down. */
  href: string;
}

export interface OverviewView {
  range: { from: string; to: string };
  signupsByDay: DayBarView[];
  paymentsByDay: DayBarView[];
  reasons: { label: string; signups: number; payments: number; href: string }[];
  outcomes: { label: string; count: number; href: string }[];
  backlog: { queue: string; open: number; inReview: number; oldestAge: string; href: string }[];
  quality: {
    week: string;
    kind: string;
    labelled: string;
    precision: string;
    falsePositiveRate: string;
    href: string;
  }[];
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
  'signup:dismissed': 'Signups closed without verdict',
  'payment:decline': 'Payments declined',
  'payment:approve': 'Payments approved',
  'payment:dismissed': 'Payments closed without verdict',
};

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

function byDay(kind: 'signups' | 'payments', rows: Overview['signups_by_day']): DayBarView[] {
  return rows.map((r) => ({
    day: r.day,
    label: r.day.slice(5),
    low: r.low_risk,
    high: r.high_risk,
    unknown: r.unknown_risk,
    href: `/${kind}?${query({ risk: 'all', status: 'all', from: r.day, to: r.day })}`,
  }));
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The overview as the page shows it; ages are measured from `now` (the server's clock), not the range. */
export function adaptOverview(o: Overview): OverviewView {
  const signups = o.signups_by_day.reduce((n, d) => n + d.low_risk + d.high_risk + d.unknown_risk, 0);
  const flagged = o.signups_by_day.reduce((n, d) => n + d.high_risk + d.unknown_risk, 0);
  const payments = o.payments_by_day.reduce((n, d) => n + d.low_risk + d.high_risk + d.unknown_risk, 0);
  const range = { from: day(o.from), to: day(o.to) };
  return {
    range,
    signupsByDay: byDay('signups', o.signups_by_day),
    paymentsByDay: byDay('payments', o.payments_by_day),
    reasons: o.top_reasons.map((r) => ({
      label: reasonName(r.code),
      signups: r.signups,
      payments: r.payments,
      href: `/signups?${query({ reason: r.code, risk: 'all', status: 'all', ...range })}`,
    })),
    outcomes: o.review_outcomes.map((r) => ({
      label: OUTCOME_LABELS[`${r.kind}:${r.outcome}`] ?? `${r.kind} ${r.outcome}`,
      count: r.count,
      href: `/${r.kind === 'signup' ? 'signups' : 'payments'}?${query({ risk: 'all', status: 'closed' })}`,
    })),
    backlog: [
      {
        queue: 'Signups (high + unknown)',
        open: o.backlog.signups.open,
        inReview: o.backlog.signups.in_review,
        oldestAge: formatAge(o.backlog.signups.oldest_open_at, o.now),
        href: `/signups?${query({ order: 'oldest' })}`,
      },
      {
        queue: 'Payments (high)',
        open: o.backlog.payments.open,
        inReview: o.backlog.payments.in_review,
        oldestAge: formatAge(o.backlog.payments.oldest_open_at, o.now),
        href: `/payments?${query({ order: 'oldest' })}`,
      },
    ],
    quality: o.quality_by_week.map((w) => ({
      week: w.week,
      kind: w.kind === 'signup' ? 'Signups' : 'Payments',
      labelled: `${w.fraud} fraud, ${w.legit} legit`,
      precision: w.precision === null ? 'n/a' : formatPercent(w.precision),
      falsePositiveRate: w.false_positive_rate === null ? 'n/a' : formatPercent(w.false_positive_rate),
      href: `/${w.kind === 'signup' ? 'signups' : 'payments'}?${query({
        risk: 'high_risk',
        status: 'all',
        feedback: 'received',
        from: w.week,
        to: day(Date.parse(`${w.week}T00:00:00Z`) + 6 * DAY_MS),
      })}`,
    })),
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
