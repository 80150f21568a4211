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
  /**
   * Locus rows: the CPU per request (server + database) of the minimal equivalent of the route on the
   * same engine (lib/bench/minimal-server.ts), and that ÷ Locus's own: 1 would be as cheap as the minimum.
   */
  minimal_cpu_us_per_req?: number | null;
  vs_minimal?: number | null;
}

/** Server and database CPU per request together (µs), the figure that holds on a shared machine. */
export const totalCpu = (row: BenchRow): number | null =>
  row.cpu_us_per_req === null ? null : row.cpu_us_per_req + (row.db_cpu_us_per_req ?? 0);

export const round = (value: number, digits = 1): number => Math.round(value * 10 ** digits) / 10 ** digits;
