/**
 * A fixed-window counter per key. The token route limits each credential on its own, generously:
 * official Python clients hang forever after one failed token fetch, so a global limit would be cruel.
 */
export function makePerKeyRateLimit(limit: number, windowMs: number, now: () => number) {
  const windows = new Map<string, { start: number; count: number }>();
  return function allow(key: string): boolean {
    const t = now();
    const w = windows.get(key);
    if (!w || t - w.start >= windowMs) {
      if (windows.size > 100_000) windows.clear();
      windows.set(key, { start: t, count: 1 });
      return true;
    }
    w.count += 1;
    return w.count <= limit;
  };
}
