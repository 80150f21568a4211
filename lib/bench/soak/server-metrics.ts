/** What the soak reads from a server's own `/metrics` (prom-client's default metrics) at each minute's end. */
export interface ServerMetrics {
  heapUsedMb: number;
  heapTotalMb: number;
  /** Memory V8 accounts outside its heap (Buffers, the SQLite driver's objects): `external`. */
  externalMb: number;
  /** Event-loop delay since the previous read (prom-client resets its histogram on every scrape). */
  loopP99Ms: number;
  loopMaxMs: number;
  /** Seconds spent in garbage collection since the process started, by kind (minor, major, incremental…). */
  gcSeconds: Record<string, number>;
}

const MB = 1024 * 1024;

/** Reads `/metrics` of `url`; null when the server does not answer (a soak keeps going without it). */
export async function readServerMetrics(url: string): Promise<ServerMetrics | null> {
  try {
    const reply = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(10_000) });
    if (!reply.ok) return null;
    return parseServerMetrics(await reply.text());
  } catch {
    return null;
  }
}

export function parseServerMetrics(text: string): ServerMetrics {
  const value = (name: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return line ? Number(line.slice(name.length + 1)) : 0;
  };
  const gcSeconds: Record<string, number> = {};
  for (const match of text.matchAll(/^nodejs_gc_duration_seconds_sum\{kind="([a-z]+)"\} ([0-9.e+-]+)$/gm))
    gcSeconds[match[1]!] = Number(match[2]);
  return {
    heapUsedMb: value('nodejs_heap_size_used_bytes') / MB,
    heapTotalMb: value('nodejs_heap_size_total_bytes') / MB,
    externalMb: value('nodejs_external_memory_bytes') / MB,
    loopP99Ms: value('nodejs_eventloop_lag_p99_seconds') * 1000,
    loopMaxMs: value('nodejs_eventloop_lag_max_seconds') * 1000,
    gcSeconds,
  };
}
