/**
 * Signups, payments or ingestion batches through the real runtime and Fastify app in this process (`inject`: no socket, no
 * worker), for counting what a request costs where the machine's load cannot move the figure:
 *
 *   npx tsx lib/bench/inject-assessments.ts seed <dir> [installations=2000]
 *   npx tsx lib/bench/inject-assessments.ts run <dir> <signup|payment|ingestion|ingestion_50> <warm-up> <counted>
 *   npx tsx lib/bench/callgrind-assessments.ts <dir> <signup|payment>   (instructions per request)
 *
 * `seed` writes a SQLite database in <dir> seeded as `npm run bench` seeds it (the same installations and
 * events, through the ingestion route). `run` works on a copy of it, so every run sees the same data and the
 * same requests (the bench's bodies, from its fixed seeds), and prints one JSON line: CPU µs per counted
 * request, read with process.cpuUsage (the load moves it; instructions under callgrind it does not).
 * With LOCUS_CPU_PROFILE=<file.cpuprofile>, `run` also writes a V8 CPU profile of the counted requests
 * only (start-up, seeding and warm-up left out), for lib/bench/summarize-cpu-profile.ts.
 *
 * With LOCUS_INJECT_POSTGRES=<url of a PostgreSQL database> at `seed`, the seed is a PostgreSQL database
 * created beside that one (`locus_bench_<pid>_inject_seed`, kept for the runs; its name goes in <dir>),
 * and each `run` works on a database made from it as a template (dropped afterwards), runs `ANALYZE`
 * halfway through the warm-up as the bench does, and adds `db_cpu_us_per_req`: the CPU of the
 * database's backends per counted request (they run on this machine), the rest of a request's cost.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { preloadGeocoder } from '../geocode/preload-geocoder';
import { createRuntime } from '../runtime/create-runtime';
import { buildApi, type Api } from '../server/build-api';
import { createRandom } from '../sim/random';
import { benchEvents, benchInstallation, ingestionBody, seededHistory } from './bench-dataset';
import { endpointLoads, ENDPOINTS, LOCUS_PATHS, type Endpoint } from './bench-endpoints';
import { meterCpu } from './cpu-sampler';
import { createBenchDatabase, postgresBackends } from './postgres-database';

const SEED_FILE = 'seed.db';
const CREDENTIALS_FILE = 'credentials.json';
const EVENTS_PER_INSTALLATION = 50;

interface SeedCredentials {
  installations: number;
  clientId: string;
  clientSecret: string;
  appKey: string;
  /** Seeded on PostgreSQL: the database beside which copies are made, and the seeded one's name. */
  postgres?: { baseUrl: string; database: string };
}

async function open(databaseUrl: string) {
  const runtime = await createRuntime({ databaseUrl, env: {} });
  const api = await buildApi(runtime.deps, { logLevel: 'silent' });
  // As `locus serve` does before answering: the gazetteer and postal tables are not the requests' cost.
  await preloadGeocoder(runtime.geocoder, () => {});
  return { runtime, api };
}

async function post(api: Api, url: string, headers: Record<string, string>, payload: string) {
  const reply = await api.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });
  if (reply.statusCode >= 300) throw new Error(`${url}: ${reply.statusCode} ${reply.body.slice(0, 300)}`);
  return reply;
}

async function seed(dir: string, installations: number): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  const postgresBase = process.env.LOCUS_INJECT_POSTGRES;
  // Kept (not dropped) for the runs: each copies it as a template.
  const seeded = postgresBase ? await createBenchDatabase(postgresBase, '_inject_seed') : null;
  const { runtime, api } = await open(seeded ? seeded.url : `sqlite:${path.join(dir, SEED_FILE)}`);
  const tenant = await runtime.createTenant('bench tenant');
  const random = createRandom('bench-seed');
  const history = seededHistory(Date.now());
  for (let index = 0; index < installations; index++) {
    const inst = benchInstallation(index);
    const body = ingestionBody(inst, benchEvents(random, inst, EVENTS_PER_INSTALLATION, history));
    await post(api, LOCUS_PATHS.ingestion, { 'x-app-key': tenant.app_key }, JSON.stringify(body));
  }
  const credentials: SeedCredentials = {
    installations,
    clientId: tenant.client_id,
    clientSecret: tenant.client_secret,
    appKey: tenant.app_key,
    ...(seeded &&
      postgresBase && {
        postgres: { baseUrl: postgresBase, database: new URL(seeded.url).pathname.slice(1) },
      }),
  };
  fs.writeFileSync(path.join(dir, CREDENTIALS_FILE), JSON.stringify(credentials));
  await api.close();
  await runtime.close();
}

/**
 * Under `valgrind --tool=callgrind --instr-atstart=no` (LOCUS_CALLGRIND=1), turns instrumentation on or
 * off for this process. Callgrind takes the command while the program runs, so the event loop keeps
 * turning until `callgrind_control` has its answer.
 */
async function callgrindInstrumentation(state: 'on' | 'off'): Promise<void> {
  if (process.env.LOCUS_CALLGRIND !== '1') return;
  const control = spawn('callgrind_control', ['-i', state, String(process.pid)], { stdio: 'ignore' });
  let done = false;
  control.on('exit', () => (done = true));
  // Short sleeps, not a spin: what runs while waiting is counted too once instrumentation is on.
  while (!done) await new Promise((resolve) => setTimeout(resolve, 2));
}

/** Profiles what runs between start and the returned stop, when LOCUS_CPU_PROFILE names a file. */
async function countedProfile(): Promise<() => Promise<void>> {
  const file = process.env.LOCUS_CPU_PROFILE;
  if (!file) return async () => {};
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

/** A throw-away copy of the seeded database (a file copy, or a PostgreSQL database made from it as a template). */
async function copyOfSeed(dir: string, credentials: SeedCredentials) {
  if (credentials.postgres) {
    const { baseUrl, database } = credentials.postgres;
    const copy = await createBenchDatabase(baseUrl, '_inject_run', database);
    return { url: copy.url, drop: copy.drop };
  }
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'locus-inject-'));
  fs.copyFileSync(path.join(dir, SEED_FILE), path.join(copy, SEED_FILE));
  return {
    url: `sqlite:${path.join(copy, SEED_FILE)}`,
    drop: async () => fs.rmSync(copy, { recursive: true, force: true }),
  };
}

async function run(dir: string, endpoint: Endpoint, warmup: number, counted: number): Promise<void> {
  const credentials = JSON.parse(
    fs.readFileSync(path.join(dir, CREDENTIALS_FILE), 'utf8'),
  ) as SeedCredentials;
  const copy = await copyOfSeed(dir, credentials);
  const { runtime, api } = await open(copy.url);
  // PostgreSQL's backends serve the requests too: their CPU is metered beside this process's.
  const backends = credentials.postgres ? await postgresBackends(copy.url) : null;
  try {
    const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64');
    const token = await api.inject({
      method: 'POST',
      url: '/api/v2/token',
      headers: { authorization: `Basic ${basic}` },
    });
    const accessToken = token.json<{ access_token: string }>().access_token;
    const load = endpointLoads(credentials.installations, LOCUS_PATHS, {
      accessToken,
      appKey: credentials.appKey,
    })[endpoint];
    for (let i = 0; i < warmup; i++) {
      // As the bench does halfway through its warm-up: statistics for the tables the warm-up wrote first
      // (this PostgreSQL may run without autovacuum), and the cached plans made again after them.
      if (backends && i === Math.floor(warmup / 2)) await backends.analyze();
      await post(api, load.path, load.headers, load.nextBody());
    }
    // Bodies are built before counting: the client's work is not the server's.
    const bodies = Array.from({ length: counted }, () => load.nextBody());
    const backendCpu = backends ? meterCpu(backends.pids) : null;
    await backendCpu?.start();
    await callgrindInstrumentation('on');
    const stopProfile = await countedProfile();
    const before = process.cpuUsage();
    for (const body of bodies) await post(api, load.path, load.headers, body);
    const used = process.cpuUsage(before);
    await stopProfile();
    await callgrindInstrumentation('off');
    const backendSeconds = (await backendCpu?.stop()) ?? null;
    const perRequest = counted > 0 ? Math.round((used.user + used.system) / counted) : null;
    const dbPerRequest =
      backendSeconds !== null && counted > 0 ? Math.round((backendSeconds * 1e6) / counted) : null;
    process.stdout.write(
      `${JSON.stringify({ endpoint, warmup, counted, cpu_us_per_req: perRequest, ...(backends && { db_cpu_us_per_req: dbPerRequest }) })}\n`,
    );
  } finally {
    await backends?.close();
    await api.close();
    await runtime.close();
    await copy.drop();
  }
}

const isEndpoint = (name: string | undefined): name is Endpoint =>
  (ENDPOINTS as readonly (string | undefined)[]).includes(name);

const [mode, dir, ...rest] = process.argv.slice(2);
if (mode === 'seed' && dir) await seed(dir, Number(rest[0] ?? 2000));
else if (mode === 'run' && dir && isEndpoint(rest[0]))
  await run(dir, rest[0], Number(rest[1] ?? 500), Number(rest[2] ?? 300));
else {
  process.stderr.write(
    `usage: inject-assessments.ts seed <dir> [n] | run <dir> <${ENDPOINTS.join('|')}> <warm-up> <counted>\n`,
  );
  process.exit(2);
}
