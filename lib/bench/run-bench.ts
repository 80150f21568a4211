// `npm run bench` — the real server over loopback on SQLite and PostgreSQL, against a bare Fastify baseline.
// Progress goes to stderr; stdout gets the table and, last, one JSON line with every figure (docs/BENCHMARKS.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { benchBaseline } from './bench-baseline';
import { benchConfigFromEnv, type BenchPart } from './bench-config';
import { ENDPOINTS } from './bench-endpoints';
import { benchLocus } from './bench-locus';
import { benchMinimal } from './bench-minimal';
import { round, totalCpu, type BenchRow } from './bench-row';
import { formatTable } from './bench-table';
import { checkFloors } from './check-floors';
import { runOverloadBench } from './overload/run-overload-bench';
import { createBenchDatabase } from './postgres-database';
import { runFingerprintBench } from './run-fingerprint-bench';
import { formatSoak, runSoaks } from './soak/run-soak';
import { soakConfigFromEnv } from './soak/soak-config';
import { formatStorage, runStorageBench } from './storage/storage-bench';
import { storageBenchConfigFromEnv } from './storage/storage-config';

const config = benchConfigFromEnv(process.env);
const started = Date.now();
// Other work on the machine skews every figure: the load average before and after is part of the report.
const loadBefore = loadavg()[0]!;
process.stderr.write(`bench: ${JSON.stringify(config)}\n`);

const runs = (part: BenchPart) => config.parts.includes(part);
const rows: BenchRow[] = [];
const minimalRows: BenchRow[] = [];
const skipped: { engine: string; reason: string }[] = [];
const lifetimePeakRss: Record<string, number | null> = {};
const baseline = runs('load') ? await benchBaseline(config) : {};

/** Locus, then the minimal equivalent of its routes, on one engine's database. */
async function benchEngine(engine: 'sqlite' | 'postgres', url: string): Promise<void> {
  const figures = await benchLocus(engine, url, config);
  rows.push(...figures.rows);
  lifetimePeakRss[engine] = figures.lifetimePeakRssMb;
  minimalRows.push(...(await benchMinimal(engine, url, config)));
}

for (const engine of runs('load') ? config.engines : []) {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'locus-bench-'));
    try {
      await benchEngine('sqlite', `sqlite:${path.join(dir, 'bench.db')}`);
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
    await benchEngine('postgres', database.url);
  } finally {
    await database.drop();
  }
}

for (const row of rows) {
  const base = (ENDPOINTS as readonly string[]).includes(row.endpoint)
    ? baseline[row.endpoint as keyof typeof baseline]
    : undefined;
  if (base) {
    row.baseline_rps = base.rps;
    row.ratio = base.rps > 0 ? round(row.rps / base.rps, 3) : null;
  }
  const minimal = minimalRows.find(
    (m) => m.engine === row.engine && m.endpoint === `minimal_${row.endpoint}`,
  );
  const minimalCpu = minimal ? totalCpu(minimal) : null;
  const ownCpu = totalCpu(row);
  if (minimalCpu !== null) {
    row.minimal_cpu_us_per_req = minimalCpu;
    row.vs_minimal = ownCpu ? round(minimalCpu / ownCpu, 2) : null;
  }
}
const allRows = [...rows, ...minimalRows, ...ENDPOINTS.flatMap((e) => baseline[e] ?? [])];
// An engine whose database was unreachable for the load part is skipped here too.
const overloadEngines = config.engines.filter((e) => !skipped.some((s) => s.engine === e));
const overload = runs('overload') ? await runOverloadBench(overloadEngines, config.postgresUrl) : [];
const fingerprint = runs('fingerprint') ? await runFingerprintBench() : undefined;
const storageConfig = storageBenchConfigFromEnv(process.env);
const storage = runs('storage') ? await runStorageBench(storageConfig) : null;
const soakConfig = soakConfigFromEnv(process.env);
const soaks = runs('soak') ? await runSoaks(soakConfig) : [];
const floors = checkFloors(rows);
const seconds = Math.round((Date.now() - started) / 1000);

console.log('');
console.log(
  `Locus benchmark: ${config.installations} installations × ${config.eventsPerInstallation} events, ` +
    `${config.connections} connections, ${config.durationS} s per endpoint (+${config.warmupS} s warm-up), ` +
    `${cpus().length} CPUs, Node ${process.version}, LOCUS_API_PROCESSES=${config.apiProcesses}`,
);
if (allRows.length > 0) console.log(formatTable(allRows));
if (overload.length > 0) console.log('');
for (const o of overload) console.log(o.line);
if (fingerprint) {
  console.log('');
  console.log(`fingerprint bench (lib/bench/fingerprint-bench.ts, exit code ${fingerprint.exitCode}):`);
  for (const line of fingerprint.lines) console.log(line);
}
if (storage) {
  console.log('');
  for (const line of formatStorage(storage, storageConfig)) console.log(line);
}
for (const soak of soaks) {
  console.log('');
  for (const line of formatSoak(soak)) console.log(line);
}
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
    overload: overload.map(({ line: _line, ...figures }) => figures),
    ...(fingerprint ? { fingerprint: fingerprint.figures, fingerprint_exit_code: fingerprint.exitCode } : {}),
    storage,
    soak: soaks,
    total_s: seconds,
    load_average_1m: { before: round(loadBefore, 2), after: round(loadavg()[0]!, 2) },
  }),
);
