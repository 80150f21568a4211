// Console API: webhook events of a signup with every delivery attempt (read from the webhook outbox).
import { z } from 'zod';

export const WebhookAttemptSchema = z.object({
  attempt: z.number(),
  attempted_at: z.number(),
  status_code: z.number().nullable(),
  error: z.string().nullable(),
  latency_ms: z.number().nullable(),
  /** When the next attempt is due, when one is scheduled. */
  next_retry_at: z.number().nullable(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const WebhookEventSchema = z.object({
  event_id: z.string(),
  event_type: z.string(),
  risk_assessment_before: z.string().nullable(),
  risk_assessment_after: z.string().nullable(),
  triggered_at: z.number(),
  /** pending, delivered, failed (gave up) or another state the outbox reports. */
  status: z.string(),
  next_attempt_at: z.number().nullable(),
  attempts: z.array(WebhookAttemptSchema),
});
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;
