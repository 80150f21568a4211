// `npm run bench` — the real server over loopback on SQLite and PostgreSQL, against a bare Fastify baseline.
// Progress goes to stderr; stdout gets the table and, last, one JSON line with every figure (docs/BENCHMARKS.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { benchBaseline } from './bench-baseline';
import { benchConfigFromEnv } from './bench-config';
import { ENDPOINTS } from './bench-endpoints';
import { benchLocus } from './bench-locus';
import { round, type BenchRow } from './bench-row';
import { formatTable } from './bench-table';
import { checkFloors } from './check-floors';
import { createBenchDatabase } from './postgres-database';
import { runFingerprintBench } from './run-fingerprint-bench';
import { formatStorage, runStorageBench } from './storage/storage-bench';
import { storageBenchConfigFromEnv } from './storage/storage-config';

const config = benchConfigFromEnv(process.env);
const started = Date.now();
// Other work on the machine skews every figure: the load average before and after is part of the report.
const loadBefore = loadavg()[0]!;
process.stderr.write(`bench: ${JSON.stringify(config)}\n`);

const baseline = await benchBaseline(config);
const rows: BenchRow[] = [];
const skipped: { engine: string; reason: string }[] = [];
const lifetimePeakRss: Record<string, number | null> = {};

for (const engine of config.engines) {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'locus-bench-'));
    try {
      const figures = await benchLocus('sqlite', `sqlite:${path.join(dir, 'bench.db')}`, config);
      rows.push(...figures.rows);
      lifetimePeakRss.sqlite = figures.lifetimePeakRssMb;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    continue;
  }
  let database;
  try {
    database = await createBenchDatabase(config.postgresUrl);
  } catch (error) {
    const reason = `PostgreSQL unreachable at ${config.postgresUrl} (${error instanceof Error ? error.message : String(error)}): PostgreSQL rows skipped`;
    process.stderr.write(`bench: ${reason}\n`);
    console.log(`NOTE: ${reason}`);
    skipped.push({ engine, reason });
    continue;
  }
  try {
    const figures = await benchLocus('postgres', database.url, config);
    rows.push(...figures.rows);
    lifetimePeakRss.postgres = figures.lifetimePeakRssMb;
  } finally {
    await database.drop();
  }
}

for (const row of rows) {
  const base = (ENDPOINTS as readonly string[]).includes(row.endpoint)
    ? baseline[row.endpoint as keyof typeof baseline]
    : undefined;
  if (!base) continue;
  row.baseline_rps = base.rps;
  row.ratio = base.rps > 0 ? round(row.rps / base.rps, 3) : null;
}
const allRows = [...rows, ...ENDPOINTS.flatMap((e) => baseline[e] ?? [])];
const fingerprint = await runFingerprintBench();
const storageConfig = storageBenchConfigFromEnv(process.env);
const storage = await runStorageBench(storageConfig);
const floors = checkFloors(rows);
const seconds = Math.round((Date.now() - started) / 1000);

console.log('');
console.log(
  `Locus benchmark: ${config.installations} installations × ${config.eventsPerInstallation} events, ` +
    `${config.connections} connections, ${config.durationS} s per endpoint (+${config.warmupS} s warm-up), ` +
    `${cpus().length} CPUs, Node ${process.version}, LOCUS_API_PROCESSES=${config.apiProcesses}`,
);
console.log(formatTable(allRows));
if (fingerprint) {
  console.log('');
  console.log(`fingerprint bench (lib/bench/fingerprint-bench.ts, exit code ${fingerprint.exitCode}):`);
  for (const line of fingerprint.lines) console.log(line);
}
console.log('');
for (const line of formatStorage(storage, storageConfig)) console.log(line);
console.log('');
console.log(`peak RSS over the whole run (VmHWM): ${JSON.stringify(lifetimePeakRss)} MiB`);
for (const floor of floors)
  console.log(`floor ${floor.met ? 'MET   ' : 'NOT MET'} ${floor.name}: measured ${floor.measured ?? 'n/a'}`);
console.log(
  `total ${seconds} s; 1-minute load average ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after`,
);
console.log(
  JSON.stringify({
    bench: 'locus',
    api_processes: config.apiProcesses,
    installations: config.installations,
    events_per_installation: config.eventsPerInstallation,
    duration_s: config.durationS,
    connections: config.connections,
    cpus: cpus().length,
    node: process.version,
    rows: allRows,
    lifetime_peak_rss_mb: lifetimePeakRss,
    floors,
    skipped,
    ...(fingerprint ? { fingerprint: fingerprint.figures, fingerprint_exit_code: fingerprint.exitCode } : {}),
    storage,
    total_s: seconds,
    load_average_1m: { before: round(loadBefore, 2), after: round(loadavg()[0]!, 2) },
  }),
);
