import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';

const PREFIX = 'rt1';

/**
 * SDK request tokens (PRODUCT.md item 10) as a compact HMAC-SHA256 token rather than a JWT: issued on
 * every ingestion request, so it must cost one HMAC, not a JOSE sign (≈ 3 % of ingestion CPU).
 * `rt1.<expiry, epoch s, base 36>.<installation id, base64url>.<mac, base64url>`. The MAC covers the
 * tenant id too, without carrying it: a token shown to another tenant does not verify. Its key is
 * derived from the instance key with a label of its own, so no JWT signature is ever a valid MAC.
 */
export function makeRequestTokens(instanceKey: Uint8Array) {
  const key = createSecretKey(createHmac('sha256', instanceKey).update('locus request token v1').digest());
  const mac = (tenantId: string, body: string) =>
    createHmac('sha256', key).update(`${tenantId}\n${body}`).digest();

  return {
    issue(tenantId: string, installationId: string, expiresAtS: number): string {
      const body = `${PREFIX}.${expiresAtS.toString(36)}.${Buffer.from(installationId).toString('base64url')}`;
      return `${body}.${mac(tenantId, body).toString('base64url')}`;
    },

    /** The installation, or null when the token is malformed, forged, another tenant's or expired at `nowS`. */
    verify(tenantId: string, token: string, nowS: number): string | null {
      const parts = token.split('.');
      if (parts.length !== 4 || parts[0] !== PREFIX) return null;
      const body = token.slice(0, token.lastIndexOf('.'));
      const given = Buffer.from(parts[3] ?? '', 'base64url');
      const expected = mac(tenantId, body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const expiresAtS = parseInt(parts[1] ?? '', 36);
      if (!Number.isFinite(expiresAtS) || expiresAtS <= nowS) return null;
      return Buffer.from(parts[2] ?? '', 'base64url').toString();
    },

    /** Whether `token` has this format (older tokens are JWTs, verified as before until they expire). */
    isCompact: (token: string) => token.startsWith(`${PREFIX}.`),
  };
}
