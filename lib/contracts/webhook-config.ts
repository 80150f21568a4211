import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '../domain/signup/signup-transition';

/** Letters, digits and dashes, starting with a letter: a valid start of an HTTP header name. */
export const HEADER_PREFIX_PATTERN = /^[A-Za-z][A-Za-z0-9-]{0,39}$/;

/** PUT /api/v2/admin/webhook — the tenant's endpoint, the events it wants, its header prefix. */
export const WebhookConfigRequestSchema = z.object({
  url: z.string().min(1).max(2000),
  event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1),
  /** `Service` by default; e.g. `Incognia` sends `Incognia-Timestamp` and `Incognia-Signature`. */
  header_prefix: z.string().regex(HEADER_PREFIX_PATTERN).optional(),
});
export type WebhookConfigRequest = z.infer<typeof WebhookConfigRequestSchema>;

export const WebhookConfigSchema = z.object({
  url: z.string(),
  event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  header_prefix: z.string(),
  timestamp_header: z.string(),
  signature_header: z.string(),
  /** Set while a rotated-out secret still signs (in `<prefix>-Signature-Previous`). */
  previous_secret_expires_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookConfigView = z.infer<typeof WebhookConfigSchema>;

/** The reply to PUT: the secret appears only when it was just generated (first configuration). */
export const WebhookConfigReplySchema = WebhookConfigSchema.extend({ secret: z.string().nullable() });

/** POST /api/v2/admin/webhook/secret — rotate; the old secret keeps signing for `grace_seconds`. */
export const WebhookRotateRequestSchema = z.object({
  grace_seconds: z
    .number()
    .int()
    .min(0)
    .max(7 * 86_400)
    .optional(),
});
export const WebhookRotateReplySchema = z.object({
  secret: z.string(),
  previous_secret_expires_at: z.string().nullable(),
});

export const WebhookAttemptViewSchema = z.object({
  event_id: z.string(),
  event_type: z.string(),
  signup_id: z.string().nullable(),
  attempt: z.number().int(),
  started_at: z.string(),
  url: z.string(),
  status_code: z.number().int().nullable(),
  /** delivered, http_error, redirect, timeout, network, blocked. */
  outcome: z.string(),
  error: z.string().nullable(),
  latency_ms: z.number().nullable(),
  next_retry_at: z.string().nullable(),
});
export type WebhookAttemptView = z.infer<typeof WebhookAttemptViewSchema>;

export const WebhookAttemptsReplySchema = z.object({ attempts: z.array(WebhookAttemptViewSchema) });
export const WebhookAttemptsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
