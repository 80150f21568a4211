// Console API: manager overview aggregates over a date range (UTC days).
import { z } from 'zod';
import { MillisQuery } from './common';

export const OverviewQuerySchema = z
  .object({
    from: MillisQuery.optional(),
    to: MillisQuery.optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type OverviewQuery = z.input<typeof OverviewQuerySchema>;

export const RiskDaySchema = z.object({
  day: z.string(),
  low_risk: z.number(),
  high_risk: z.number(),
  unknown_risk: z.number(),
});

export const BacklogSchema = z.object({
  open: z.number(),
  in_review: z.number(),
  oldest_open_at: z.number().nullable(),
});

/**
 * How right the flags were in one week (cases created that week), from the client's feedback and the
 * analysts' decisions: precision of high risk among labelled cases, and the share of legitimate cases
 * that were flagged (false-positive rate).
 */
export const WeekQualitySchema = z.object({
  week: z.string(),
  kind: z.enum(['signup', 'payment']),
  /** Labelled fraud / legitimate (fraud wins when both were reported). */
  fraud: z.number(),
  legit: z.number(),
  /** High risk and labelled fraud (true positives) / labelled legitimate (false positives). */
  flagged_fraud: z.number(),
  flagged_legit: z.number(),
  precision: z.number().nullable(),
  false_positive_rate: z.number().nullable(),
});
export type WeekQuality = z.infer<typeof WeekQualitySchema>;

export const OverviewSchema = z.object({
  from: z.number(),
  to: z.number(),
  /** The server's clock when it answered: ages (the backlog's oldest case) are measured from it. */
  now: z.number(),
  quality_by_week: z.array(WeekQualitySchema),
  signups_by_day: z.array(RiskDaySchema),
  payments_by_day: z.array(RiskDaySchema),
  top_reasons: z.array(z.object({ code: z.string(), signups: z.number(), payments: z.number() })),
  review_outcomes: z.array(
    z.object({ kind: z.enum(['signup', 'payment']), outcome: z.string(), count: z.number() }),
  ),
  backlog: z.object({ signups: BacklogSchema, payments: BacklogSchema }),
  webhooks: z.object({
    /** False when the webhook outbox is not installed: the console says so instead of showing zeros. */
    available: z.boolean(),
    by_day: z.array(z.object({ day: z.string(), delivered: z.number(), failed: z.number() })),
    pending: z.number(),
    p50_latency_ms: z.number().nullable(),
    p95_latency_ms: z.number().nullable(),
  }),
});
export type Overview = z.infer<typeof OverviewSchema>;
