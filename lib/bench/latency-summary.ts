/** Percentiles of a set of latencies (ms), nearest-rank. */
export interface LatencySummary {
  p50: number;
  p97_5: number;
  p99: number;
}

export function summarizeLatencies(samplesMs: readonly number[]): LatencySummary {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: at(0.5), p97_5: at(0.975), p99: at(0.99) };
}
