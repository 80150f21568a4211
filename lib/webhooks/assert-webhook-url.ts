import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isForbiddenAddress, type WebhookUrlPolicy } from './webhook-url-policy';

export type WebhookUrlCheck = { ok: true; url: URL } | { ok: false; problem: string };

/** The hostname without IPv6 brackets. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** Scheme and shape rules, no network: https, or http to an allow-listed host; no credentials. */
export function checkWebhookUrlShape(text: string, policy: WebhookUrlPolicy): WebhookUrlCheck {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: 'url is not a valid absolute URL' };
  }
  if (url.username || url.password) return { ok: false, problem: 'url must not carry credentials' };
  const host = bareHost(url).toLowerCase();
  if (url.protocol === 'http:' && !policy.httpHosts.includes(host)) {
    return { ok: false, problem: `url must be https (http only to hosts in LOCUS_WEBHOOK_HTTP_HOSTS)` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, problem: 'url must be https' };
  return { ok: true, url };
}

/**
 * Full check when a URL is saved: shape, then every address the name resolves to must be public
 * (unless the operator allows private ones). Delivery checks again at connect time, pinned to the
 * address it checked (guarded-lookup.ts), because DNS can change between the two.
 */
export async function assertWebhookUrl(text: string, policy: WebhookUrlPolicy): Promise<WebhookUrlCheck> {
  const shape = checkWebhookUrlShape(text, policy);
  if (!shape.ok || policy.allowPrivate) return shape;
  const host = bareHost(shape.url);
  let addresses: string[];
  try {
    addresses = isIP(host)
      ? [host]
      : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return { ok: false, problem: `url host ${host} does not resolve` };
  }
  const bad = addresses.find(isForbiddenAddress);
  if (bad) return { ok: false, problem: `url host ${host} resolves to a non-public address (${bad})` };
  return shape;
}
