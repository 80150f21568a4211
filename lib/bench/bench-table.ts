import { totalCpu, type BenchRow } from './bench-row';

const optional = (value: number | null | undefined, digits = 0) =>
  value === null || value === undefined ? '' : value.toFixed(digits);

const COLUMNS: { title: string; cell: (row: BenchRow) => string }[] = [
  { title: 'engine', cell: (r) => r.engine },
  { title: 'endpoint', cell: (r) => r.endpoint },
  { title: 'req/s', cell: (r) => r.rps.toFixed(0) },
  { title: 'p50 ms', cell: (r) => String(r.p50) },
  { title: 'p97.5 ms', cell: (r) => String(r.p97_5) },
  { title: 'p99 ms', cell: (r) => String(r.p99) },
  { title: 'events/s', cell: (r) => (r.events_per_s === null ? '' : String(r.events_per_s)) },
  { title: 'CPU µs/req', cell: (r) => (r.cpu_us_per_req === null ? '' : r.cpu_us_per_req.toFixed(0)) },
  {
    title: 'DB CPU µs/req',
    cell: (r) => (r.db_cpu_us_per_req === null ? '' : r.db_cpu_us_per_req.toFixed(0)),
  },
  { title: 'total CPU µs/req', cell: (r) => optional(r.db_cpu_us_per_req === null ? null : totalCpu(r)) },
  { title: 'minimal CPU µs/req', cell: (r) => optional(r.minimal_cpu_us_per_req) },
  { title: '× minimal', cell: (r) => optional(r.vs_minimal, 2) },
  { title: 'peak RSS MiB', cell: (r) => (r.peak_rss_mb === null ? '' : String(r.peak_rss_mb)) },
  { title: 'baseline req/s', cell: (r) => (r.baseline_rps === null ? '' : r.baseline_rps.toFixed(0)) },
  { title: 'ratio', cell: (r) => (r.ratio === null ? '' : r.ratio.toFixed(3)) },
  { title: 'errors', cell: (r) => String(r.errors) },
  { title: 'non-2xx', cell: (r) => String(r.non2xx) },
];

/** A plain-text table, numbers right-aligned, for the terminal and for docs/BENCHMARKS.md. */
export function formatTable(rows: readonly BenchRow[]): string {
  const cells = rows.map((row) => COLUMNS.map((c) => c.cell(row)));
  const widths = COLUMNS.map((c, i) => Math.max(c.title.length, ...cells.map((r) => r[i]!.length)));
  const line = (values: string[]) =>
    `| ${values.map((v, i) => (i < 2 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i < 2 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(COLUMNS.map((c) => c.title)), rule, ...cells.map(line)].join('\n');
}
