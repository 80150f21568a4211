export interface TokenBucketConfig {
  /** Burst: what a key may spend at once after being idle. */
  capacity: number;
  /** Sustained rate, tokens per second. */
  refillPerSecond: number;
  /** Keys remembered at most; the least recently used go first (a full bucket is the default anyway). */
  maxKeys: number;
}

/**
 * Token buckets per key (an app key, an installation): each request spends `cost` tokens; a key that
 * cannot pay is told how long until it can. Time is injected, so tests move it by hand.
 */
export function makeTokenBuckets(config: TokenBucketConfig, now: () => number) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return function take(key: string, cost = 1): { ok: true } | { ok: false; retryAfterMs: number } {
    const t = now();
    const previous = buckets.get(key);
    // A clock that steps back (NTP, a test's hand) refills nothing rather than draining the bucket.
    const elapsedS = previous ? Math.max(0, t - previous.at) / 1000 : 0;
    const refilled = previous
      ? Math.min(config.capacity, previous.tokens + elapsedS * config.refillPerSecond)
      : config.capacity;
    // Re-inserting keeps the Map in least-recently-used order.
    buckets.delete(key);
    if (refilled < cost) {
      buckets.set(key, { tokens: refilled, at: t });
      return { ok: false, retryAfterMs: ((cost - refilled) / config.refillPerSecond) * 1000 };
    }
    buckets.set(key, { tokens: refilled - cost, at: t });
    if (buckets.size > config.maxKeys) buckets.delete(buckets.keys().next().value as string);
    return { ok: true };
  };
}
export type TokenBuckets = ReturnType<typeof makeTokenBuckets>;
