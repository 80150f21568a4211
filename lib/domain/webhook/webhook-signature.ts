import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256, hex, over `<timestamp>.<body>` with the tenant's signing secret (SPEC §5.2). The body
 * must be the exact string sent: re-serialising JSON can reorder or re-escape it.
 */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', Buffer.from(secret, 'ascii'))
    .update(Buffer.from(`${timestamp}.${body}`, 'utf8'))
    .digest('hex');
}

/** Constant-time comparison of a received signature with the expected one. */
export function verifyWebhookSignature(
  secret: string,
  timestamp: string,
  body: string,
  signature: string,
): boolean {
  const expected = Buffer.from(webhookSignature(secret, timestamp, body), 'hex');
  const received = Buffer.from(signature, 'hex');
  return received.length === expected.length && timingSafeEqual(received, expected);
}
