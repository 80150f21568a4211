import { z } from 'zod';
import { FEEDBACK_EVENTS } from '../domain/feedback/feedback-events';
import { InstallationRefShape, optionalString } from './common';

/**
 * RFC 3339 with any sub-second precision and offset: milliseconds + `Z` (Node 6), microseconds +
 * `+00:00` (Python 3) or nanoseconds (Go). JavaScript's Date keeps milliseconds, so we cut the rest.
 */
const Rfc3339 = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i, 'must be an RFC 3339 date-time')
  .transform((s) => Date.parse(s.replace(/(\.\d{3})\d+/, '$1')))
  .refine((ms) => Number.isFinite(ms), 'must be a valid date-time');

/**
 * The event: one of ours (FEEDBACK_EVENTS, which feed reputations, chargeback rates and training), or any
 * other snake_case name an official client declares (`mpos_fraud`, `not_verified`,
 * `login_accepted_by_facial_biometrics`, even Python 1.x's `payment_declined___by_risk_analysis`):
 * stored as sent and otherwise neutral, so that a client's feedback call never fails on its own enum.
 */
const FeedbackEventSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,63}$/, 'must be a snake_case event name')
  .meta({ description: `one of ${FEEDBACK_EVENTS.join(', ')}, or another client's event (stored, neutral)` });

/** POST /api/v2/feedbacks. */
export const FeedbackRequestSchema = z.object({
  event: FeedbackEventSchema,
  timestamp: z.number().int().nonnegative().nullish(),
  occurred_at: Rfc3339.nullish(),
  expires_at: Rfc3339.nullish(),
  external_id: optionalString,
  signup_id: optionalString,
  payment_id: optionalString,
  login_id: optionalString,
  account_id: optionalString,
  ...InstallationRefShape,
});
export type FeedbackRequest = z.infer<typeof FeedbackRequestSchema>;

export const FeedbackQuerySchema = z.object({ dry_run: z.string().optional() });
export const FeedbackResponseSchema = z.object({});
