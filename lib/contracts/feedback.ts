import { z } from 'zod';
import { FEEDBACK_EVENTS } from '../domain/feedback/feedback-events';
import { optionalString } from './common';

/**
 * RFC 3339 with any sub-second precision and offset: milliseconds + `Z` (Node 6), microseconds +
 * `+00:00` (Python 3) or nanoseconds (Go). JavaScript's Date keeps milliseconds, so we cut the rest.
 */
const Rfc3339 = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i, 'must be an RFC 3339 date-time')
  .transform((s) => Date.parse(s.replace(/(\.\d{3})\d+/, '$1')))
  .refine((ms) => Number.isFinite(ms), 'must be a valid date-time');

/** POST /api/v2/feedbacks. */
export const FeedbackRequestSchema = z.object({
  event: z.enum(FEEDBACK_EVENTS),
  timestamp: z.number().int().nonnegative().nullish(),
  occurred_at: Rfc3339.nullish(),
  expires_at: Rfc3339.nullish(),
  external_id: optionalString,
  signup_id: optionalString,
  payment_id: optionalString,
  login_id: optionalString,
  account_id: optionalString,
  installation_id: optionalString,
  request_token: optionalString,
});
export type FeedbackRequest = z.infer<typeof FeedbackRequestSchema>;

export const FeedbackQuerySchema = z.object({ dry_run: z.string().optional() });
export const FeedbackResponseSchema = z.object({});
