import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Agent, fetch } from 'undici';
import { webhookSignature } from '../domain/webhook/webhook-signature';
import { bareHost, checkWebhookUrlShape } from './assert-webhook-url';
import { guardedLookup } from './guarded-lookup';
import { isForbiddenAddress, type WebhookUrlPolicy } from './webhook-url-policy';
import { webhookHeaderNames } from './webhook-headers';

/** SPEC §6.3.4 / §8: the receiver has 2 seconds to answer with a 2xx. */
export const WEBHOOK_TIMEOUT_MS = 2_000;

/** What one attempt came to: a record, never a throw. */
export type DeliveryOutcome =
  | { kind: 'delivered'; status: number }
  | { kind: 'http_error'; status: number }
  | { kind: 'redirect'; status: number }
  | { kind: 'timeout' }
  | { kind: 'network'; message: string }
  | { kind: 'blocked'; message: string };

export interface WebhookRequest {
  url: string;
  /** The exact JSON string; the signature covers these characters. */
  body: string;
  headerPrefix: string;
  /** Current secret first; during a rotation's grace period the previous one signs too. */
  secrets: { current: string; previous: string | null };
  /** Unix seconds of this attempt (fresh on the retry). */
  timestamp: number;
}

export interface DeliveryResult {
  outcome: DeliveryOutcome;
  latencyMs: number;
}

export type WebhookSender = (request: WebhookRequest) => Promise<DeliveryResult>;

/** The signed headers of one attempt (exported for `locus webhook test` and tests). */
export function signedHeaders(request: WebhookRequest): Record<string, string> {
  const names = webhookHeaderNames(request.headerPrefix);
  const ts = String(request.timestamp);
  return {
    'content-type': 'application/json',
    'user-agent': 'Locus-Webhooks/1',
    [names.timestamp]: ts,
    [names.signature]: webhookSignature(request.secrets.current, ts, request.body),
    ...(request.secrets.previous
      ? { [names.previousSignature]: webhookSignature(request.secrets.previous, ts, request.body) }
      : {}),
  };
}

/**
 * Makes the HTTP sender: fixed timeout, redirects never followed (a 3xx is a failure: following it
 * could lead anywhere, including inside our network), and unless the operator allows private
 * addresses, every connection goes through the guarded lookup and pins the address it checked.
 */
export function makeWebhookSender(policy: WebhookUrlPolicy, timeoutMs = WEBHOOK_TIMEOUT_MS) {
  const dispatcher = new Agent({
    connect: policy.allowPrivate ? {} : { lookup: guardedLookup },
    keepAliveTimeout: 10_000,
  });
  const send: WebhookSender = async (request) => {
    const started = performance.now();
    const done = (outcome: DeliveryOutcome): DeliveryResult => ({
      outcome,
      latencyMs: Math.round(performance.now() - started),
    });
    const shape = checkWebhookUrlShape(request.url, policy);
    if (!shape.ok) return done({ kind: 'blocked', message: shape.problem });
    const host = bareHost(shape.url);
    // An IP literal never reaches `lookup`, so it is checked here.
    if (!policy.allowPrivate && isIP(host) && isForbiddenAddress(host)) {
      return done({ kind: 'blocked', message: `${host} is not a public address` });
    }
    try {
      const response = await fetch(shape.url, {
        method: 'POST',
        headers: signedHeaders(request),
        body: request.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
        dispatcher,
      });
      await response.body?.cancel().catch(() => undefined);
      const status = response.status;
      if (status >= 200 && status < 300) return done({ kind: 'delivered', status });
      if (status >= 300 && status < 400) return done({ kind: 'redirect', status });
      return done({ kind: 'http_error', status });
    } catch (error) {
      return done(classifyError(error));
    }
  };
  return { send, close: () => dispatcher.close() };
}

function classifyError(error: unknown): DeliveryOutcome {
  const err = error as {
    name?: string;
    message?: string;
    cause?: { name?: string; code?: string; message?: string };
  };
  if (err.name === 'TimeoutError' || err.name === 'AbortError' || err.cause?.name === 'TimeoutError') {
    return { kind: 'timeout' };
  }
  if (err.cause?.code === 'E_WEBHOOK_FORBIDDEN_ADDRESS')
    return { kind: 'blocked', message: err.cause.message ?? '' };
  return { kind: 'network', message: String(err.cause?.message ?? err.message ?? error).slice(0, 500) };
}
