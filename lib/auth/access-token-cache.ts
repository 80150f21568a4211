import type { Clock } from '../domain/clock';
import type { AccessClaims, TokenIssuer } from './token-issuer';

const MAX_ENTRIES = 10_000;

/**
 * Verifying a JWT costs an HMAC and a JSON parse per request; clients reuse a token for 20 minutes,
 * so verified claims are remembered until they expire.
 */
export function makeAccessTokenCache(issuer: Pick<TokenIssuer, 'verifyAccessToken'>, clock: Clock) {
  const cache = new Map<string, AccessClaims>();
  return async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
    const hit = cache.get(token);
    if (hit && hit.expiresAt > clock.now()) return hit;
    if (hit) cache.delete(token);
    const claims = await issuer.verifyAccessToken(token);
    if (!claims) return null;
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value ?? '');
    cache.set(token, claims);
    return claims;
  };
}
