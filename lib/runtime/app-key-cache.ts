import type { Clock } from '../domain/clock';

/** A looked-up app key is trusted this long: a revoked key stops working within it. */
export const APP_KEY_CACHE_MS = 5_000;
/** Keys remembered at once (unknown ones too, so that a flood of made-up keys does not reach the database). */
const MAX_KEYS = 10_000;

/**
 * The tenant of an SDK app key, looked up at most once per APP_KEY_CACHE_MS per key: every ingestion
 * request carries one, and the SQL lookup cost more than the rest of a small batch's authentication.
 */
export function cacheAppKeys(
  find: (key: string) => Promise<string | null>,
  clock: Clock,
  ttlMs = APP_KEY_CACHE_MS,
): (key: string) => Promise<string | null> {
  const cache = new Map<string, { tenantId: string | null; until: number }>();
  return async (key) => {
    const now = clock.now();
    const hit = cache.get(key);
    if (hit && hit.until > now) return hit.tenantId;
    const tenantId = await find(key);
    cache.delete(key);
    if (cache.size >= MAX_KEYS) cache.delete(cache.keys().next().value ?? '');
    cache.set(key, { tenantId, until: now + ttlMs });
    return tenantId;
  };
}
