import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { systemClock } from '../../../lib/clock/system-clock';
import { startConsole } from '../../../lib/console-api/start-console';
import { createRuntime, type Runtime } from '../../../lib/runtime/create-runtime';
import { ensureDemoAccounts } from '../../../lib/runtime/demo-tenant';
import { makeUsersStore } from '../../../lib/db/console/users-store';
import { startServer } from '../../../lib/server/start-server';
import { makeDemoClock, type DemoClock } from '../../../lib/sim/demo-clock';
import { seedDemo, type DemoSummary } from '../../../lib/sim/seed-demo';
import type { CreatedTenant } from '../../../lib/usecases/create-tenant';
import { assertLocalDatabase } from './assert-local-database';
import { freePort } from './free-port';
import { apiClient, eventsAround, saoPauloMidnightDaysAgo } from './seed-through-api';

export interface SeededUser {
  email: string;
  password: string;
}

export interface E2eEnvironment {
  runtime: Runtime;
  apiUrl: string;
  consoleUrl: string;
  tenantA: CreatedTenant;
  tenantB: CreatedTenant;
  users: { analyst: SeededUser; manager: SeededUser; admin: SeededUser; analystB: SeededUser };
  signups: { remote: string; home: string; noData: string; otherTenant: string };
  payment: string;
  /** The seeded demo tenant (what `npm start` shows), when asked for. */
  demo: { tenantId: string; analyst: SeededUser; summary: DemoSummary } | null;
  stop(): Promise<void>;
}

export interface E2eOptions {
  /** Also seed the demo tenant with this many simulated devices over 30 days, as `npm start` does. */
  demoDevices?: number;
}

const HOME = { lat: -23.5614, lng: -46.6559, line: 'Avenida Paulista 1578, São Paulo, SP, BR' };
const FAR_AWAY = { lat: -23.29, lng: -46.73 }; // ~30 km north of HOME
/** Fixes each seeded device of tenant A reports (about two days, an hour apart). */
export const SEEDED_FIXES = 40;

export interface E2eOptions {
  /** Environment of both the API (runtime) and the console process, e.g. AUTH_OIDC_*. */
  env?: Record<string, string>;
  /** The console's port, when something must know its address before it starts (an identity provider). */
  consolePort?: number;
}

/**
 * A fresh SQLite database, the real API and the console (production build) on free ports, two tenants,
 * users of every role, and data seeded through the public API the way clients and the SDK send it.
 */
export async function startE2eEnvironment(options: E2eOptions = {}): Promise<E2eEnvironment> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'locus-e2e-'));
  const databaseUrl = process.env.LOCUS_E2E_DATABASE_URL ?? `sqlite:${path.join(dir, 'locus.db')}`;
  assertLocalDatabase(databaseUrl);
  // The demo's seeding moves this clock through the simulated month; otherwise it is the system clock.
  const clock = makeDemoClock(systemClock);
  const runtime = await createRuntime({ databaseUrl, env: options.env ?? {}, clock });
  // Errors only: a 500 the console shows as "a server error occurred" leaves its cause in the test output.
  const { api, url: apiUrl } = await startServer(runtime, {
    port: await freePort(),
    host: '127.0.0.1',
    logLevel: 'error',
  });
  const tenantA = await runtime.createTenant('Tenant A');
  const tenantB = await runtime.createTenant('Tenant B');

  const users = makeUsersStore(runtime.db);
  const now = Date.now();
  const user = async (tenantId: string, email: string, role: 'analyst' | 'manager' | 'admin') => {
    const created = await users.create({ tenantId, email, role, now });
    return { email, password: created.password };
  };
  const seededUsers = {
    analyst: await user(tenantA.tenant_id, 'analyst@a.example', 'analyst'),
    manager: await user(tenantA.tenant_id, 'manager@a.example', 'manager'),
    admin: await user(tenantA.tenant_id, 'admin@a.example', 'admin'),
    analystB: await user(tenantB.tenant_id, 'analyst@b.example', 'analyst'),
  };

  const a = await apiClient(apiUrl, tenantA);
  const start = saoPauloMidnightDaysAgo(2, now);
  await a.ingest('inst-remote', eventsAround(FAR_AWAY, start, SEEDED_FIXES));
  await a.ingest('inst-home', eventsAround(HOME, start, SEEDED_FIXES));
  await a.ingest('inst-no-data', []);
  const remote = await a.signup('inst-remote', HOME);
  const home = await a.signup('inst-home', HOME);
  const noData = await a.signup('inst-no-data', HOME);
  const payment = await a.payment('inst-remote', 'acct-remote', HOME);
  const b = await apiClient(apiUrl, tenantB);
  await b.ingest('inst-b', eventsAround(FAR_AWAY, start, 10));
  const otherTenant = await b.signup('inst-b', HOME);
  await seedWebhookAttempts(runtime, tenantA.tenant_id, remote.id, now);
  const demo = options.demoDevices
    ? await seedDemoTenant(runtime, clock, apiUrl, dir, options.demoDevices)
    : null;

  const consoleLog = consoleLogFile();
  const consoleApp = await startConsole({
    port: options.consolePort ?? (await freePort()),
    ...(options.env ? { env: options.env } : {}),
    apiUrl,
    authSecret: randomBytes(32).toString('base64url'),
    rebuildIfStale: true,
    log: (line) => {
      fs.appendFileSync(consoleLog, `${new Date().toISOString()} ${line}\n`);
      // LOCUS_E2E_CONSOLE_LOG=1 shows everything the console process prints (to debug a journey).
      if (line.startsWith('console build:') || process.env.LOCUS_E2E_CONSOLE_LOG) console.log(line);
    },
  });
  return {
    runtime,
    apiUrl,
    consoleUrl: consoleApp.url,
    tenantA,
    tenantB,
    users: seededUsers,
    signups: { remote: remote.id, home: home.id, noData: noData.id, otherTenant: otherTenant.id },
    payment: payment.id,
    demo,
    async stop() {
      await consoleApp.stop();
      await api.close();
      await runtime.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Where everything the console process prints is kept (`artifacts/logs/`, beside the screenshots), so that
 * a page answering "a server error occurred" can be traced to its cause after the run.
 */
function consoleLogFile(): string {
  const dir = path.resolve('artifacts/logs');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `console-${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}.log`);
}

/** The demo tenant seeded through the API as `locus demo` does, with its analyst working the queue. */
async function seedDemoTenant(
  runtime: Runtime,
  clock: DemoClock,
  apiUrl: string,
  dataDir: string,
  devices: number,
) {
  const { accounts } = await ensureDemoAccounts(runtime, dataDir);
  const analyst = accounts.users.find((u) => u.role === 'analyst');
  if (!analyst) throw new Error('the demo has no analyst');
  const summary = await seedDemo({
    baseUrl: apiUrl,
    credentials: { clientId: accounts.tenant.client_id, clientSecret: accounts.tenant.client_secret },
    appKey: accounts.tenant.app_key,
    devices,
    seed: 'demo',
    clock,
    analyst,
  });
  return { tenantId: accounts.tenant.tenant_id, analyst, summary };
}

/** A risk_increase event whose first attempt failed (HTTP 500) and whose retry an hour later succeeded. */
async function seedWebhookAttempts(
  runtime: Runtime,
  tenantId: string,
  signupId: string,
  now: number,
): Promise<void> {
  const eventId = randomUUID();
  await runtime.db
    .insertInto('webhook_events')
    .values({
      id: eventId,
      tenant_id: tenantId,
      signup_id: signupId,
      event_type: 'verification',
      risk_assessment_before: 'unknown_risk',
      risk_assessment_after: 'high_risk',
      body: '{}',
      triggered_at: now - 3_600_000,
      created_at: now - 3_600_000,
      status: 'delivered',
      attempts: 2,
      next_attempt_at: null,
      delivered_at: now,
    })
    .execute();
  await runtime.db
    .insertInto('webhook_attempts')
    .values([
      {
        id: randomUUID(),
        event_id: eventId,
        tenant_id: tenantId,
        attempt: 1,
        started_at: now - 3_600_000,
        url: 'https://receiver.example/hook',
        status_code: 500,
        outcome: 'http_error',
        error: null,
        latency_ms: 84,
        next_retry_at: now,
      },
      {
        id: randomUUID(),
        event_id: eventId,
        tenant_id: tenantId,
        attempt: 2,
        started_at: now,
        url: 'https://receiver.example/hook',
        status_code: 200,
        outcome: 'delivered',
        error: null,
        latency_ms: 41,
        next_retry_at: null,
      },
    ])
    .execute();
}
