import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createRandom } from '../../sim/random';
import { benchEvents, ingestionBody, seededHistory, signupBody } from '../bench-dataset';
import { clonePopulation, soakInstallation } from './clone-population';
import { LOCUS_CLI, accessToken, createTenant } from '../bench-locus';
import { round } from '../bench-row';
import { startChildServer, type ChildServer } from '../child-server';
import { summarizeLatencies } from '../latency-summary';
import { seedInstallations } from '../seed-installations';
import { driveOpenLoop, type OpenLoopResult, type OpenLoopStream } from './open-loop';
import { MINUTE_MS, failureKey, resultsByMinute, type ResultsByMinute } from './soak-results';
import type { SoakConfig } from './soak-config';
import { openSoakProbe } from './soak-probe';
import { readServerMetrics, type ServerMetrics } from './server-metrics';
import { NEAR_SHARE, seedOpenSignups } from './seed-open-signups';

const SAMPLE_EVERY_MS = 5_000;

/** One minute of the soak. Latencies (ms) are of the requests scheduled in it; throughput of those answered in it. */
export interface SoakMinute {
  minute: number;
  signups_per_s: number;
  signup_p50_ms: number;
  signup_p99_ms: number;
  signup_failures: number;
  ingestion_per_s: number;
  ingestion_p99_ms: number;
  ingestion_failures: number;
  /** Failed requests of the minute by HTTP status ('network' for no answer within 10 s). */
  failure_statuses: Record<string, number>;
  backlog_max: number;
  backlog_last: number;
  reassessments: number;
  rss_mb: number;
  /** CPU of `locus serve` (and of `locus worker`) over the minute, in % of one core. */
  serve_cpu_pct: number;
  worker_cpu_pct: number | null;
  /** `locus serve`'s own metrics at the minute's end (what RSS is made of), null if it did not answer. */
  heap_used_mb: number | null;
  heap_total_mb: number | null;
  external_mb: number | null;
  /** Its event-loop delay over the minute (prom-client, 10 ms resolution). */
  loop_p99_ms: number | null;
  loop_max_ms: number | null;
  /** Milliseconds of the minute spent in garbage collection, and of them in full collections (major and incremental marking). */
  gc_ms: number | null;
  gc_major_ms: number | null;
  /**
   * The driver's own lateness: the longest a request of the minute was sent after its scheduled instant, and
   * the longest the driver's event loop stalled. A late send counts in the request's latency, so a p99 above
   * these is the server's; one near them is the driver's (or the host's).
   */
  driver_send_lag_max_ms: number;
  driver_loop_max_ms: number;
  /** SQLite's WAL file at the minute's end (MiB; null on PostgreSQL). */
  wal_mb: number | null;
}

export interface SoakFigures {
  soak: 'sqlite' | 'postgres';
  processes: string;
  minutes: number;
  signups_per_s: number;
  open_signups: number;
  /** Of which seeded through the API; the rest are copies of them (clone-population.ts). */
  seeded_through_api: number;
  ingestion_batches_per_s: number;
  events_per_batch: number;
  seed_s: number;
  per_minute: SoakMinute[];
  checks: { name: string; measured: number; met: boolean }[];
}

/** Servers of one soak: `locus serve` alone (SQLite), or beside a `locus worker` (PostgreSQL). */
async function startSoakServers(engine: 'sqlite' | 'postgres', env: NodeJS.ProcessEnv) {
  const separateWorker = engine === 'postgres';
  const serve = await startChildServer(
    [LOCUS_CLI, 'serve'],
    { ...env, LOCUS_API_PROCESSES: '1', LOCUS_RUN_JOBS: separateWorker ? '0' : '1' },
    `soak ${engine} serve`,
  );
  const worker = separateWorker
    ? await startChildServer([LOCUS_CLI, 'worker'], env, `soak ${engine} worker`, (line) =>
        line.includes('"worker":"started"') ? '' : null,
      )
    : null;
  return { serve, worker, stop: () => Promise.all([serve.stop(), worker?.stop()]) };
}

/** Seeds, then drives signups at a fixed rate with ingestion beside them, reporting each minute. */
export async function soakEngine(
  engine: 'sqlite' | 'postgres',
  databaseUrl: string,
  config: SoakConfig,
): Promise<SoakFigures> {
  const label = `soak ${engine}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  const tenant = await createTenant(env);

  // Seeding is not measured: all API processes, and one app key may send as fast as it likes.
  const seeder = await startChildServer(
    [LOCUS_CLI, 'serve'],
    { ...env, LOCUS_API_PROCESSES: 'auto', LOCUS_SDK_RATE_PER_APP_KEY: '1000000' },
    `${label} seeding`,
  );
  const seedStarted = Date.now();
  const base = Math.min(config.seededThroughApi, config.openSignups);
  const copies = Math.ceil(config.openSignups / base);
  try {
    await seedInstallations(seeder.url, tenant.app_key, {
      installations: base,
      eventsPerInstallation: config.eventsPerInstallation,
      concurrency: config.seedConcurrency,
      label,
    });
    await seedOpenSignups(seeder.url, await accessToken(seeder.url, tenant), {
      count: base,
      concurrency: config.seedConcurrency,
      label,
    });
  } finally {
    await seeder.stop();
  }
  await clonePopulation(databaseUrl, copies, (line) => process.stderr.write(`${label}: ${line}\n`));
  const seedS = (Date.now() - seedStarted) / 1000;

  const servers = await startSoakServers(engine, env);
  const probe = await openSoakProbe(databaseUrl);
  try {
    const token = await accessToken(servers.serve.url, tenant);
    const signupRandom = createRandom('soak-signups');
    const ingestionRandom = createRandom('soak-ingestion');
    let nextIngested = 0;
    const streams: OpenLoopStream[] = [
      {
        name: 'signup',
        perS: config.signupsPerS,
        path: '/api/v2/onboarding/signups',
        headers: { authorization: `Bearer ${token}` },
        nextBody: () => {
          const inst = soakInstallation(signupRandom.int(0, base * copies - 1), base);
          return JSON.stringify(signupBody(signupRandom, inst, !signupRandom.chance(NEAR_SHARE)));
        },
      },
      {
        name: 'ingestion',
        perS: config.ingestionBatchesPerS,
        path: '/api/v2/sdk/events',
        headers: { 'x-app-key': tenant.app_key },
        // Installations in turn: each reports again only after all others did (the SDK's per-installation rate).
        nextBody: () => {
          const inst = soakInstallation(nextIngested++ % (base * copies), base);
          return JSON.stringify(
            ingestionBody(
              inst,
              benchEvents(ingestionRandom, inst, config.eventsPerBatch, seededHistory(Date.now())),
            ),
          );
        },
      },
    ];
    const minutes = await measureMinutes(servers.serve, servers.worker, probe, config, (onResult) =>
      driveOpenLoop(servers.serve.url, streams, config.minutes * MINUTE_MS, onResult),
    );
    return {
      soak: engine,
      processes: servers.worker ? 'locus serve + locus worker' : 'locus serve (worker in-process)',
      minutes: config.minutes,
      signups_per_s: config.signupsPerS,
      open_signups: base * copies,
      seeded_through_api: base,
      ingestion_batches_per_s: config.ingestionBatchesPerS,
      events_per_batch: config.eventsPerBatch,
      seed_s: Math.round(seedS),
      per_minute: minutes,
      checks: soakChecks(minutes, config),
    };
  } finally {
    await probe.close();
    await servers.stop();
  }
}

interface Sample {
  backlog: number;
  rss: number;
}

async function measureMinutes(
  serve: ChildServer,
  worker: ChildServer | null,
  probe: Awaited<ReturnType<typeof openSoakProbe>>,
  config: SoakConfig,
  drive: (onResult: (r: OpenLoopResult) => void) => Promise<void>,
): Promise<SoakMinute[]> {
  const results = resultsByMinute(config.minutes);
  const samples: Sample[][] = Array.from({ length: config.minutes }, () => []);
  // Cumulative readings at the end of each minute (CPU seconds since the start, reassessments since seeding).
  interface Mark {
    serve: number;
    worker: number | null;
    reassessments: number;
    server: ServerMetrics | null;
    driverLoopMaxMs: number;
    walMb: number | null;
  }
  const driverLoop = monitorEventLoopDelay({ resolution: 1 });
  driverLoop.enable();
  await Promise.all([serve.cpu.start(), worker?.cpu.start()]);
  const mark = async (): Promise<Mark> => {
    const driverLoopMaxMs = driverLoop.max / 1e6;
    driverLoop.reset();
    const [serveCpu, workerCpu, reassessments, server] = await Promise.all([
      serve.cpu.stop(),
      worker?.cpu.stop(),
      probe.reassessments(),
      readServerMetrics(serve.url),
    ]);
    return {
      serve: serveCpu,
      worker: workerCpu ?? null,
      reassessments,
      server,
      driverLoopMaxMs,
      walMb: probe.walMb(),
    };
  };
  const marks: Mark[] = [await mark()];
  const minuteOf = (m: number, last = false) => {
    const before = marks[m]!;
    const after = marks[m + 1]!;
    return summarizeMinute(
      m,
      results,
      samples[m]!,
      {
        serve: after.serve - before.serve,
        worker: after.worker === null ? null : after.worker - (before.worker ?? 0),
      },
      after.reassessments - before.reassessments,
      serverMinute(before.server, after.server),
      { loopMaxMs: after.driverLoopMaxMs, walMb: after.walMb },
      last,
    );
  };
  const started = performance.now();
  const rssOf = (server: ChildServer | null) => (server ? (server.rss.phasePeak() ?? 0) : 0);
  // Samples still being read when the run ends are awaited: closing the probe under one killed the
  // PostgreSQL soak ("Connection terminated") after its tenth minute.
  const sampling = new Set<Promise<void>>();
  const sampler = setInterval(() => {
    const at = Math.min(Math.floor((performance.now() - started) / MINUTE_MS), config.minutes - 1);
    const rss = rssOf(serve) + rssOf(worker);
    const sample = probe.backlog(Date.now()).then((backlog) => void samples[at]!.push({ backlog, rss }));
    sampling.add(sample);
    void sample.finally(() => sampling.delete(sample));
  }, SAMPLE_EVERY_MS);
  let marking = Promise.resolve();
  const minuteTimer = setInterval(() => {
    marking = marking.then(async () => {
      if (marks.length > config.minutes) return;
      marks.push(await mark());
      process.stderr.write(`${formatMinute(minuteOf(marks.length - 2))}\n`);
    });
  }, MINUTE_MS);
  try {
    await drive(results.add);
  } finally {
    clearInterval(sampler);
    clearInterval(minuteTimer);
    await Promise.all(sampling);
    await marking;
    driverLoop.disable();
  }
  // The last minute closes when its last requests have been answered.
  while (marks.length <= config.minutes) marks.push(await mark());
  return Array.from({ length: config.minutes }, (_, m) => minuteOf(m, m === config.minutes - 1));
}

type ServerMinute = Pick<
  SoakMinute,
  'heap_used_mb' | 'heap_total_mb' | 'external_mb' | 'loop_p99_ms' | 'loop_max_ms' | 'gc_ms' | 'gc_major_ms'
>;

/** The minute's share of the server's metrics: memory at its end, loop delay over it, GC time within it. */
function serverMinute(before: ServerMetrics | null, after: ServerMetrics | null): ServerMinute {
  const gcMs = (kinds: (k: string) => boolean) =>
    after && before
      ? round(
          Object.entries(after.gcSeconds)
            .filter(([kind]) => kinds(kind))
            .reduce((a, [kind, s]) => a + (s - (before.gcSeconds[kind] ?? 0)) * 1000, 0),
        )
      : null;
  return {
    heap_used_mb: after ? round(after.heapUsedMb) : null,
    heap_total_mb: after ? round(after.heapTotalMb) : null,
    external_mb: after ? round(after.externalMb) : null,
    loop_p99_ms: after ? round(after.loopP99Ms, 1) : null,
    loop_max_ms: after ? round(after.loopMaxMs, 1) : null,
    gc_ms: gcMs(() => true),
    gc_major_ms: gcMs((kind) => kind === 'major' || kind === 'incremental'),
  };
}

function summarizeMinute(
  minute: number,
  results: ResultsByMinute,
  samples: readonly Sample[],
  cpu: { serve: number; worker: number | null },
  reassessments: number,
  server: ServerMinute,
  driver: { loopMaxMs: number; walMb: number | null },
  last = false,
): SoakMinute {
  const inMinute = results.scheduledIn(minute);
  const stream = (name: string) => {
    const scheduled = inMinute.filter((r) => r.stream === name);
    // Requests answered in this minute (the last one also takes those answered after the drive ended).
    const answered = results.answeredIn(name, minute, last);
    const latencies = scheduled
      .filter((r) => r.status !== null && r.status < 300)
      .map((r) => r.finishedMs - r.scheduledMs);
    const { p50, p99 } = summarizeLatencies(latencies);
    return {
      perS: answered / 60,
      p50,
      p99,
      failures: scheduled.filter((r) => r.status === null || r.status >= 300).length,
    };
  };
  const signup = stream('signup');
  const ingestion = stream('ingestion');
  const failureStatuses: Record<string, number> = {};
  let sendLagMaxMs = 0;
  for (const r of inMinute) {
    sendLagMaxMs = Math.max(sendLagMaxMs, r.sentMs - r.scheduledMs);
    if (r.status === null || r.status >= 300) {
      const key = failureKey(r);
      failureStatuses[key] = (failureStatuses[key] ?? 0) + 1;
    }
  }
  const rss = samples.length > 0 ? samples.reduce((a, s) => a + s.rss, 0) / samples.length : 0;
  return {
    minute: minute + 1,
    signups_per_s: round(signup.perS),
    signup_p50_ms: round(signup.p50, 1),
    signup_p99_ms: round(signup.p99, 1),
    signup_failures: signup.failures,
    ingestion_per_s: round(ingestion.perS),
    ingestion_p99_ms: round(ingestion.p99, 1),
    ingestion_failures: ingestion.failures,
    failure_statuses: failureStatuses,
    backlog_max: Math.max(0, ...samples.map((s) => s.backlog)),
    backlog_last: samples.at(-1)?.backlog ?? 0,
    reassessments,
    rss_mb: round(rss),
    serve_cpu_pct: round((cpu.serve / 60) * 100),
    worker_cpu_pct: cpu.worker === null ? null : round((cpu.worker / 60) * 100),
    ...server,
    driver_send_lag_max_ms: round(sendLagMaxMs, 1),
    driver_loop_max_ms: round(driver.loopMaxMs, 1),
    wal_mb: driver.walMb === null ? null : round(driver.walMb, 1),
  };
}

export function formatMinute(m: SoakMinute): string {
  return (
    `minute ${String(m.minute).padStart(2)}: signups ${m.signups_per_s.toFixed(1)}/s p50 ${m.signup_p50_ms} ms ` +
    `p99 ${m.signup_p99_ms} ms (${m.signup_failures} failed); ingestion ${m.ingestion_per_s.toFixed(1)} batches/s ` +
    `p99 ${m.ingestion_p99_ms} ms (${m.ingestion_failures} failed)` +
    (Object.keys(m.failure_statuses).length > 0 ? ` ${JSON.stringify(m.failure_statuses)}` : '') +
    `; backlog max ${m.backlog_max} last ${m.backlog_last}; ` +
    `reassessed ${m.reassessments}; RSS ${m.rss_mb} MiB; CPU serve ${m.serve_cpu_pct} %` +
    (m.worker_cpu_pct === null ? '' : ` worker ${m.worker_cpu_pct} %`) +
    (m.heap_used_mb === null
      ? ''
      : `; heap ${m.heap_used_mb}/${m.heap_total_mb} MiB external ${m.external_mb} MiB; ` +
        `loop p99 ${m.loop_p99_ms} max ${m.loop_max_ms} ms; GC ${m.gc_ms} ms (major ${m.gc_major_ms})`) +
    `; driver send lag max ${m.driver_send_lag_max_ms} ms loop max ${m.driver_loop_max_ms} ms` +
    (m.wal_mb === null ? '' : `; WAL ${m.wal_mb} MiB`)
  );
}

/** The soak's must-shows (issue 11), each with the figure it was judged on. */
export function soakChecks(minutes: readonly SoakMinute[], config: SoakConfig): SoakFigures['checks'] {
  const worstP99 = Math.max(...minutes.map((m) => m.signup_p99_ms));
  const slowest = Math.min(...minutes.map((m) => m.signups_per_s));
  const half = Math.max(1, Math.floor(minutes.length / 2));
  const firstHalf = Math.max(...minutes.slice(0, half).map((m) => m.backlog_max));
  const secondHalf = Math.max(...minutes.slice(half).map((m) => m.backlog_max), 0);
  const rss = minutes.map((m) => m.rss_mb);
  const meanRss = rss.reduce((a, b) => a + b, 0) / rss.length;
  const rssDeviation = Math.max(...rss.map((r) => Math.abs(r - meanRss) / meanRss));
  const failures = minutes.reduce((a, m) => a + m.signup_failures + m.ingestion_failures, 0);
  return [
    {
      name: 'signup p99 <= 50 ms in every minute (worst minute, ms)',
      measured: worstP99,
      met: worstP99 <= 50,
    },
    {
      name: `signups >= 80 % of ${config.signupsPerS}/s in every minute (slowest minute, /s)`,
      measured: slowest,
      met: slowest >= 0.8 * config.signupsPerS,
    },
    {
      // Bounded: the second half's worst backlog is no larger than the first half's (×1.5 + 100 for noise).
      name: 'worker backlog bounded (max in the second half vs first half ×1.5 + 100)',
      measured: secondHalf,
      met: secondHalf <= firstHalf * 1.5 + 100,
    },
    {
      name: 'RSS flat within ±15 % of its mean (largest deviation, %)',
      measured: round(rssDeviation * 100),
      met: rssDeviation <= 0.15,
    },
    { name: 'no failed request', measured: failures, met: failures === 0 },
  ];
}
