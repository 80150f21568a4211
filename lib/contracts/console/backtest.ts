// Console API: replaying stored assessments under other thresholds, and applying thresholds (admins).
import { z } from 'zod';
import { MillisQuery } from './common';

const Probability = z.number().min(0).max(1);
export const ThresholdKindSchema = z.enum(['signup', 'payment']);

export const ThresholdsSchema = z
  .object({ low: Probability, high: Probability })
  .refine((t) => t.low <= t.high, { message: 'low must not be above high', path: ['low'] });

/** POST /api/console/v1/backtest — what other thresholds would have done to the range's assessments. */
export const BacktestRequestSchema = z.object({
  kind: ThresholdKindSchema,
  thresholds: ThresholdsSchema,
  from: MillisQuery.optional(),
  to: MillisQuery.optional(),
});
export type BacktestRequest = z.infer<typeof BacktestRequestSchema>;

const Row = z.object({ fraud: z.number(), legit: z.number(), unlabelled: z.number() });
/** Verdicts (rows) against what the cases turned out to be (columns). */
export const ConfusionMatrixSchema = z.object({ high_risk: Row, unknown_risk: Row, low_risk: Row });
export type ConfusionMatrix = z.infer<typeof ConfusionMatrixSchema>;

export const BacktestSchema = z.object({
  kind: ThresholdKindSchema,
  from: z.number(),
  to: z.number(),
  current: z.object({ low: z.number(), high: z.number() }),
  proposed: z.object({ low: z.number(), high: z.number() }),
  /** Assessments in the range with a stored probability (older ones without an explanation are left out). */
  replayed: z.number(),
  without_explanation: z.number(),
  current_matrix: ConfusionMatrixSchema,
  proposed_matrix: ConfusionMatrixSchema,
  /** Cases the review queue would hold (signups: high + unknown risk; payments: high risk). */
  queue: z.object({ current: z.number(), proposed: z.number() }),
  flips_total: z.number(),
  flips: z.array(
    z.object({
      id: z.string(),
      probability: z.number(),
      label: z.enum(['fraud', 'legit']).nullable(),
      from: z.string(),
      to: z.string(),
    }),
  ),
});
export type Backtest = z.infer<typeof BacktestSchema>;

/** The thresholds in force per kind: the tenant's applied ones, else the model's. */
export const ThresholdSettingsSchema = z.object({
  signup: z.object({
    low: z.number(),
    high: z.number(),
    source: z.enum(['model', 'tenant']),
    applied_at: z.number().nullable(),
  }),
  payment: z.object({
    low: z.number(),
    high: z.number(),
    source: z.enum(['model', 'tenant']),
    applied_at: z.number().nullable(),
  }),
});
export type ThresholdSettings = z.infer<typeof ThresholdSettingsSchema>;

/** PUT /api/console/v1/thresholds — an admin applies thresholds for one kind (audited). */
export const ApplyThresholdsSchema = z.object({ kind: ThresholdKindSchema, thresholds: ThresholdsSchema });
