/** Failed credential attempts allowed per window, per source address and per client id (README). */
export interface FailedAttemptLimits {
  perSource: number;
  perClient: number;
  windowMs: number;
}

export const DEFAULT_FAILED_ATTEMPT_LIMITS: FailedAttemptLimits = {
  perSource: 30,
  perClient: 30,
  windowMs: 60_000,
};

export function failedAttemptLimitsFromEnv(env: Record<string, string | undefined>): FailedAttemptLimits {
  const positive = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return env[name] && Number.isInteger(value) && value > 0 ? value : fallback;
  };
  return {
    perSource: positive('LOCUS_AUTH_FAILURES_PER_SOURCE', DEFAULT_FAILED_ATTEMPT_LIMITS.perSource),
    perClient: positive('LOCUS_AUTH_FAILURES_PER_CLIENT', DEFAULT_FAILED_ATTEMPT_LIMITS.perClient),
    windowMs: DEFAULT_FAILED_ATTEMPT_LIMITS.windowMs,
  };
}

/** Keys kept per table before the oldest windows are dropped (memory stays bounded under a flood). */
const MAX_KEYS = 100_000;

/** Fixed-window counters of failures only: a client that never fails is never counted. */
function failureWindows(windowMs: number) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    count(key: string, now: number): number {
      const w = windows.get(key);
      return w && now - w.start < windowMs ? w.count : 0;
    },
    add(key: string, now: number): void {
      const w = windows.get(key);
      if (w && now - w.start < windowMs) {
        w.count += 1;
        return;
      }
      windows.delete(key);
      if (windows.size >= MAX_KEYS) windows.delete(windows.keys().next().value ?? '');
      windows.set(key, { start: now, count: 1 });
    },
  };
}

/**
 * Throttles guessing on the token route by the bad attempts it sees, never by good ones: an address
 * over its failure limit is throttled; a client id over its limit is throttled only for addresses that
 * failed too. A good client from a clean address is therefore never throttled, whatever others do
 * with its client id (official Python clients hang forever after one failed token fetch).
 */
export function makeFailedAttemptLimiter(limits: FailedAttemptLimits, now: () => number) {
  const bySource = failureWindows(limits.windowMs);
  const byClient = failureWindows(limits.windowMs);
  return {
    throttled(clientId: string, source: string): boolean {
      const t = now();
      const sourceFailures = bySource.count(source, t);
      if (sourceFailures >= limits.perSource) return true;
      return sourceFailures > 0 && byClient.count(clientId, t) >= limits.perClient;
    },
    recordFailure(clientId: string, source: string): void {
      const t = now();
      bySource.add(source, t);
      byClient.add(clientId, t);
    },
    /** Seconds until the current windows end, for Retry-After. */
    retryAfterS: () => Math.ceil(limits.windowMs / 1000),
  };
}
export type FailedAttemptLimiter = ReturnType<typeof makeFailedAttemptLimiter>;
