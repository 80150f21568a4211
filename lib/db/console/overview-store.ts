import { sql } from 'kysely';
import type { Overview } from '../../contracts/console/overview';
import type { Executor } from '../repositories/executor';
import { NEXT_CASE_RISKS } from './review-store';
import { qualityByWeek } from './quality-by-week';
import { loadWebhookHealth } from './webhook-history';
import { consoleIndexed } from './console-indexed';

const DAY_MS = 86_400_000;
/** Reason codes are counted over at most this many recent cases of the range. */
const REASON_SAMPLE = 50_000;

// Inlined (not a bound parameter) so SELECT and GROUP BY are the same expression on PostgreSQL and the
// division stays integer on SQLite.
const DAY_BUCKET = sql<number>`created_at / ${sql.lit(DAY_MS)}`;

const dayLabel = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The manager overview over [from, to]: counts grouped in SQL by UTC day. */
export async function loadOverview(
  db: Executor,
  tenantId: string,
  from: number,
  to: number,
  now: number,
): Promise<Overview> {
  const perDay = async (table: 'signups' | 'transactions') => {
    const rows = await db
      .selectFrom(table)
      .select([DAY_BUCKET.as('day'), 'risk_assessment', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tenant_id', '=', tenantId)
      .where(consoleIndexed(table))
      .where('created_at', '>=', from)
      .where('created_at', '<=', to)
      .where('risk_assessment', 'is not', null)
      .groupBy([DAY_BUCKET, 'risk_assessment'])
      .execute();
    const days = new Map<number, { low_risk: number; high_risk: number; unknown_risk: number }>();
    for (let d = Math.floor(from / DAY_MS); d <= Math.floor(to / DAY_MS); d++)
      days.set(d, { low_risk: 0, high_risk: 0, unknown_risk: 0 });
    for (const r of rows) {
      const day = days.get(Math.floor(Number(r.day)));
      const risk = r.risk_assessment as 'low_risk' | 'high_risk' | 'unknown_risk';
      if (day && risk in day) day[risk] += Number(r.n);
    }
    return [...days.entries()].map(([d, counts]) => ({ day: dayLabel(d), ...counts }));
  };
  const reasonCounts = async (table: 'signups' | 'transactions') => {
    const rows = await db
      .selectFrom(table)
      .select('reasons')
      .where('tenant_id', '=', tenantId)
      .where(consoleIndexed(table))
      .where('created_at', '>=', from)
      .where('created_at', '<=', to)
      .orderBy('created_at', 'desc')
      .limit(REASON_SAMPLE)
      .execute();
    const counts = new Map<string, number>();
    for (const r of rows) {
      for (const reason of r.reasons ? (JSON.parse(r.reasons) as { code: string }[]) : []) {
        counts.set(reason.code, (counts.get(reason.code) ?? 0) + 1);
      }
    }
    return counts;
  };
  const outcomes = (table: 'signups' | 'transactions') =>
    db
      .selectFrom(table)
      .select(['review_outcome', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tenant_id', '=', tenantId)
      .where(consoleIndexed(table))
      .where('review_status', '=', 'closed')
      .where('reviewed_at', '>=', from)
      .where('reviewed_at', '<=', to)
      .groupBy('review_outcome')
      .execute();
  const backlog = async (table: 'signups' | 'transactions', kind: 'signups' | 'payments') => {
    const rows = await db
      .selectFrom(table)
      .select([
        'review_status',
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.min('created_at').as('oldest'),
      ])
      .where('tenant_id', '=', tenantId)
      .where(consoleIndexed(table))
      .where('risk_assessment', 'in', NEXT_CASE_RISKS[kind])
      .where('review_status', 'in', ['open', 'in_review'])
      .groupBy('review_status')
      .execute();
    const open = rows.find((r) => r.review_status === 'open');
    const inReview = rows.find((r) => r.review_status === 'in_review');
    const oldest = [open?.oldest, inReview?.oldest].filter((v) => v !== null && v !== undefined).map(Number);
    return {
      open: Number(open?.n ?? 0),
      in_review: Number(inReview?.n ?? 0),
      oldest_open_at: oldest.length ? Math.min(...oldest) : null,
    };
  };

  const [
    signupsByDay,
    paymentsByDay,
    signupReasons,
    paymentReasons,
    signupOutcomes,
    paymentOutcomes,
    signupBacklog,
    paymentBacklog,
    webhooks,
    quality,
  ] = await Promise.all([
    perDay('signups'),
    perDay('transactions'),
    reasonCounts('signups'),
    reasonCounts('transactions'),
    outcomes('signups'),
    outcomes('transactions'),
    backlog('signups', 'signups'),
    backlog('transactions', 'payments'),
    loadWebhookHealth(db, tenantId, from, to),
    qualityByWeek(db, tenantId, from, to),
  ]);
  const codes = [...new Set([...signupReasons.keys(), ...paymentReasons.keys()])];
  return {
    from,
    to,
    now,
    quality_by_week: quality,
    signups_by_day: signupsByDay,
    payments_by_day: paymentsByDay,
    top_reasons: codes
      .map((code) => ({
        code,
        signups: signupReasons.get(code) ?? 0,
        payments: paymentReasons.get(code) ?? 0,
      }))
      .sort((a, b) => b.signups + b.payments - (a.signups + a.payments))
      .slice(0, 10),
    review_outcomes: [
      ...signupOutcomes.map((o) => ({
        kind: 'signup' as const,
        outcome: o.review_outcome ?? 'unknown',
        count: Number(o.n),
      })),
      ...paymentOutcomes.map((o) => ({
        kind: 'payment' as const,
        outcome: o.review_outcome ?? 'unknown',
        count: Number(o.n),
      })),
    ],
    backlog: { signups: signupBacklog, payments: paymentBacklog },
    webhooks,
  };
}
