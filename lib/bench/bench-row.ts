/** One line of the report; the final JSON line is an array of these (latencies in ms, memory in MiB). */
export interface BenchRow {
  engine: 'sqlite' | 'postgres' | 'baseline';
  endpoint: string;
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  events_per_s: number | null;
  peak_rss_mb: number | null;
  baseline_rps: number | null;
  ratio: number | null;
  errors: number;
  non2xx: number;
  /** CPU time of the server's processes per request (µs), and of PostgreSQL's backends for it. */
  cpu_us_per_req: number | null;
  db_cpu_us_per_req: number | null;
}

export const round = (value: number, digits = 1): number => Math.round(value * 10 ** digits) / 10 ** digits;
