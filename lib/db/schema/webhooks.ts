/** Webhook configuration per tenant, the outbox of events to notify and every delivery attempt. */

export interface WebhookConfigsTable {
  tenant_id: string;
  url: string;
  /** JSON array of event types the tenant wants (verification, risk_decrease, risk_increase). */
  event_types: string;
  /** Header names are `<prefix>-Timestamp` and `<prefix>-Signature`; default `Service`. */
  header_prefix: string;
  /** The signing secret, AES-256-GCM encrypted (lib/webhooks/secret-box.ts): it must stay usable to sign. */
  secret_sealed: string;
  /** During a rotation's grace period the previous secret signs too (`<prefix>-Signature-Previous`). */
  previous_secret_sealed: string | null;
  previous_secret_expires_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface WebhookEventsTable {
  /** The `event_id` of the body: the receiver's idempotency key, identical on the retry. */
  id: string;
  tenant_id: string;
  /** Null for test events sent from the settings screen or `locus webhook test`. */
  signup_id: string | null;
  /** verification, risk_decrease, risk_increase, or test. */
  event_type: string;
  risk_assessment_before: string | null;
  risk_assessment_after: string | null;
  /** The exact JSON sent (the signature covers these characters). */
  body: string;
  /** Epoch ms of the assessment that changed. */
  triggered_at: number;
  created_at: number;
  /** pending, delivered, failed (gave up after the retry). */
  status: string;
  /** Attempts made so far (at most 2). */
  attempts: number;
  next_attempt_at: number | null;
  delivered_at: number | null;
}

export interface WebhookAttemptsTable {
  id: string;
  event_id: string;
  tenant_id: string;
  /** 1 for the first try, 2 for the retry an hour later. */
  attempt: number;
  started_at: number;
  url: string;
  status_code: number | null;
  /** delivered, http_error, redirect, timeout, network, blocked. */
  outcome: string;
  error: string | null;
  latency_ms: number | null;
  /** When the retry is due, when this attempt scheduled one. */
  next_retry_at: number | null;
}

export interface WebhookTables {
  webhook_configs: WebhookConfigsTable;
  webhook_events: WebhookEventsTable;
  webhook_attempts: WebhookAttemptsTable;
}
