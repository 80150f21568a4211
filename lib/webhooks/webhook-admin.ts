import type {
  WebhookAttemptView,
  WebhookConfigRequest,
  WebhookConfigView,
} from '../contracts/webhook-config';
import type { Executor } from '../db/repositories/executor';
import { makeSettingsRepo } from '../db/repositories/settings-repo';
import type { Clock } from '../domain/clock';
import { AppError } from '../usecases/app-error';
import { assertWebhookUrl } from './assert-webhook-url';
import { recordAttempt } from './record-attempt';
import { newSigningSecret, type SecretBox } from './secret-box';
import { makeWebhookSender, type WebhookSender } from './send-webhook';
import { previousSecretLive, signingSecrets } from './signing-secrets';
import { testWebhookBody } from './webhook-body';
import { makeWebhookConfigRepo, type WebhookConfigRecord } from './webhook-config-repo';
import { DEFAULT_HEADER_PREFIX, webhookHeaderNames } from './webhook-headers';
import { makeWebhookOutboxRepo } from './webhook-outbox-repo';
import { loadSecretBox } from './webhook-secret-key';
import { webhookUrlPolicyFromEnv } from './webhook-url-policy';

/** How long a rotated-out secret keeps signing unless the caller says otherwise. */
export const DEFAULT_ROTATION_GRACE_MS = 24 * 60 * 60_000;

export interface WebhookAdminDeps {
  db: Executor;
  clock: Clock;
  newId: () => string;
  env: Record<string, string | undefined>;
  /** Tests inject one; by default the same guarded sender deliveries use. */
  send?: WebhookSender;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toWebhookConfigView(c: WebhookConfigRecord, now: number): WebhookConfigView {
  const names = webhookHeaderNames(c.headerPrefix);
  return {
    url: c.url,
    event_types: c.eventTypes,
    header_prefix: c.headerPrefix,
    timestamp_header: names.timestamp,
    signature_header: names.signature,
    previous_secret_expires_at: previousSecretLive(c, now) ? iso(c.previousSecretExpiresAt) : null,
    created_at: new Date(c.createdAt).toISOString(),
    updated_at: new Date(c.updatedAt).toISOString(),
  };
}

/** Per-tenant webhook settings (admin scope and `locus webhook`): configure, rotate, test, inspect. */
export function makeWebhookAdmin(deps: WebhookAdminDeps) {
  const policy = webhookUrlPolicyFromEnv(deps.env);
  let box: Promise<SecretBox> | null = null;
  const secretBox = () => (box ??= loadSecretBox(makeSettingsRepo(deps.db), deps.env));
  let sender: WebhookSender | null = deps.send ?? null;
  const send: WebhookSender = (request) => (sender ??= makeWebhookSender(policy).send)(request);
  const configs = makeWebhookConfigRepo(deps.db);

  async function requireConfig(tenantId: string): Promise<WebhookConfigRecord> {
    const config = await configs.find(tenantId);
    if (!config) throw new AppError('not_found', ['no webhook is configured for this tenant']);
    return config;
  }

  return {
    /** Creates or updates the configuration; a secret is generated (and returned, once) on creation only. */
    async configure(tenantId: string, request: WebhookConfigRequest) {
      const check = await assertWebhookUrl(request.url, policy);
      if (!check.ok) throw new AppError('invalid_request', [check.problem]);
      const now = deps.clock.now();
      const existing = await configs.find(tenantId);
      const secret = existing ? null : newSigningSecret();
      const secretSealed = existing
        ? existing.secretSealed
        : (await secretBox()).seal(secret ?? '', tenantId);
      const record: WebhookConfigRecord = {
        tenantId,
        url: check.url.toString(),
        eventTypes: [...new Set(request.event_types)],
        headerPrefix: request.header_prefix ?? existing?.headerPrefix ?? DEFAULT_HEADER_PREFIX,
        secretSealed,
        previousSecretSealed: existing?.previousSecretSealed ?? null,
        previousSecretExpiresAt: existing?.previousSecretExpiresAt ?? null,
        createdAt: existing?.createdAt ?? now,
        updatedAt: now,
      };
      await configs.upsert(record);
      return { secret, ...toWebhookConfigView(record, now) };
    },

    async show(tenantId: string): Promise<WebhookConfigView> {
      return toWebhookConfigView(await requireConfig(tenantId), deps.clock.now());
    },

    async remove(tenantId: string): Promise<void> {
      if (!(await configs.remove(tenantId)))
        throw new AppError('not_found', ['no webhook is configured for this tenant']);
    },

    /** A new secret signs from now on; the current one keeps signing (second header) for the grace period. */
    async rotateSecret(tenantId: string, graceMs = DEFAULT_ROTATION_GRACE_MS) {
      const config = await requireConfig(tenantId);
      const now = deps.clock.now();
      const secret = newSigningSecret();
      const expiresAt = graceMs > 0 ? now + graceMs : null;
      await configs.upsert({
        ...config,
        secretSealed: (await secretBox()).seal(secret, tenantId),
        previousSecretSealed: expiresAt === null ? null : config.secretSealed,
        previousSecretExpiresAt: expiresAt,
        updatedAt: now,
      });
      return { secret, previous_secret_expires_at: iso(expiresAt) };
    },

    /** Sends one signed `test` event now (no retry) and records it like any attempt. */
    async sendTest(tenantId: string): Promise<WebhookAttemptView> {
      const config = await requireConfig(tenantId);
      const sealedBox = await secretBox();
      const now = deps.clock.now();
      const eventId = deps.newId();
      const body = testWebhookBody(eventId, now);
      const { outcome, latencyMs } = await send({
        url: config.url,
        body,
        headerPrefix: config.headerPrefix,
        secrets: signingSecrets(config, sealedBox, now),
        timestamp: Math.floor(now / 1000),
      });
      const attempt = await deps.db.transaction().execute(async (trx) => {
        const outbox = makeWebhookOutboxRepo(trx);
        await outbox.insertEvent({
          id: eventId,
          tenantId,
          signupId: null,
          eventType: 'test',
          before: null,
          after: null,
          body,
          triggeredAt: now,
          createdAt: now,
        });
        return recordAttempt(outbox, {
          id: deps.newId(),
          eventId,
          tenantId,
          attempt: 1,
          startedAt: now,
          url: config.url,
          outcome,
          latencyMs,
          nextRetryAt: null,
        });
      });
      return {
        event_id: eventId,
        event_type: 'test',
        signup_id: null,
        attempt: 1,
        started_at: new Date(now).toISOString(),
        url: config.url,
        status_code: attempt.statusCode,
        outcome: outcome.kind,
        error: attempt.error,
        latency_ms: latencyMs,
        next_retry_at: null,
      };
    },

    /** The latest attempts, newest first, for the console's settings screen. */
    async recentAttempts(tenantId: string, limit = 20): Promise<WebhookAttemptView[]> {
      const rows = await makeWebhookOutboxRepo(deps.db).recentAttempts(tenantId, limit);
      return rows.map((r) => ({
        event_id: r.event_id,
        event_type: r.event_type,
        signup_id: r.signup_id,
        attempt: r.attempt,
        started_at: new Date(r.started_at).toISOString(),
        url: r.url,
        status_code: r.status_code,
        outcome: r.outcome,
        error: r.error,
        latency_ms: r.latency_ms,
        next_retry_at: iso(r.next_retry_at),
      }));
    },
  };
}
export type WebhookAdmin = ReturnType<typeof makeWebhookAdmin>;
