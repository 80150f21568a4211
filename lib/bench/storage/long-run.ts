import { sql } from 'kysely';
import type { Engine } from '../../db/connect';
import { databaseBytes } from '../../db/retention/table-sizes';
import { summarizeLatencies, type LatencySummary } from '../latency-summary';
import { inFlight, startInProcessLocus, type InProcessLocus } from './in-process-locus';
import type { StorageBenchConfig } from './storage-config';
import { steadyDevice, type SteadyDevice } from './steady-device';

const DAY_MS = 86_400_000;
/** Each simulated day is driven in four steps of six hours: the SDK uploads what it collected meanwhile. */
const STEPS_PER_DAY = 4;
export const LONG_RUN_START = Date.UTC(2026, 0, 1);

export interface LongRun {
  /** Database size at the end of each simulated day (day 0: before any events). */
  bytesByDay: number[];
  /** Request latencies: all of them, and those after the benchmark's window filled (when purges remove rows). */
  latency: LatencySummary;
  latencyAfterWindow: LatencySummary;
  requests: number;
  failed: number;
  events: number;
}

/** One simulated deployment, driven a day at a time. */
export interface LongRunStepper {
  day(day: number): Promise<void>;
  finish(): Promise<LongRun>;
}

/**
 * Steady ingestion (devices × eventsPerDay) with the given retention window, the worker purging on its
 * own schedule meanwhile; the signups of day 0 are read back every step. `c.windowDays` marks the day
 * from which latencies count as "after the window", for this run and the one it is compared with.
 */
export async function startLongRun(
  engine: Engine,
  databaseUrl: string,
  c: StorageBenchConfig,
  windowDays: number,
): Promise<LongRunStepper> {
  const locus = await startInProcessLocus(
    databaseUrl,
    { LOCUS_RETENTION_EVENT_DAYS: String(windowDays) },
    LONG_RUN_START,
    c.concurrency,
  );
  const devices = Array.from({ length: c.devices }, (_, i) => steadyDevice(i, c.eventsPerDay));
  await locus.renewToken();
  const signups = await signUp(locus, devices);
  const bytesByDay = [await settledBytes(locus, engine)];
  const all: number[] = [];
  const afterWindow: number[] = [];
  let failed = 0;
  let events = 0;
  return {
    async day(day) {
      for (let step = 0; step < STEPS_PER_DAY; step++) {
        // A purge may overlap the step's requests, never a jump of the clock (its lease would lapse at once).
        await backgroundIdle(locus);
        const from = locus.clock.now();
        locus.clock.advance(DAY_MS / STEPS_PER_DAY);
        await locus.renewToken();
        const batches = devices.map((d) => ({
          installation_id: d.installationId,
          events: d.eventsBetween(from, locus.clock.now()),
        }));
        events += batches.reduce((n, b) => n + b.events.length, 0);
        const replies = await inFlight(
          [
            ...batches.map((b) => () => locus.ingest(b)),
            ...signups.map((id) => () => locus.send('GET', `/api/v2/onboarding/signups/${id}`)),
          ],
          c.concurrency,
        );
        for (const r of replies) {
          all.push(r.ms);
          if (day > c.windowDays) afterWindow.push(r.ms);
          if (r.status >= 300) failed += 1;
        }
      }
      bytesByDay.push(await settledBytes(locus, engine));
    },
    async finish() {
      await locus.stop();
      return {
        bytesByDay,
        latency: summarizeLatencies(all),
        latencyAfterWindow: summarizeLatencies(afterWindow),
        requests: all.length,
        failed,
        events,
      };
    },
  };
}

async function signUp(locus: InProcessLocus, devices: readonly SteadyDevice[]): Promise<string[]> {
  const ids: string[] = [];
  for (const d of devices) {
    await locus.ingest({
      installation_id: d.installationId,
      device: { model: 'Pixel 8', os: 'android' },
      events: [],
    });
    const reply = await locus.runtime.deps.createSignup(
      { tenantId: locus.tenant.tenant_id },
      { installation_id: d.installationId, address_coordinates: d.home },
    );
    ids.push(reply.id);
  }
  return ids;
}

/**
 * The size once the day's background work is done. On PostgreSQL a plain VACUUM stands in for the
 * autovacuum a real day would have run (a simulated day lasts a second here; rows updated in place,
 * such as fingerprints, would otherwise pile up dead versions no production database keeps).
 */
async function settledBytes(locus: InProcessLocus, engine: Engine): Promise<number> {
  await backgroundIdle(locus);
  if (engine === 'postgres') await sql`vacuum`.execute(locus.runtime.db);
  return databaseBytes(locus.runtime.db, engine);
}

/** Waits until the worker has nothing running and nothing due. */
async function backgroundIdle(locus: InProcessLocus): Promise<void> {
  const db = locus.runtime.db;
  for (;;) {
    const busy = await db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) =>
        eb.or([
          eb('status', '=', 'running'),
          eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', locus.clock.now())]),
        ]),
      )
      .executeTakeFirstOrThrow();
    if (Number(busy.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export const mb = (bytes: number) => Math.round(bytes / 10_485.76) / 100;

/** How far the size strays from its mean after the window filled: max |size − mean| / mean. */
export function flatness(bytesByDay: readonly number[], windowDays: number) {
  const settled = bytesByDay.slice(windowDays + 1);
  const mean = settled.reduce((a, b) => a + b, 0) / Math.max(1, settled.length);
  const min = Math.min(...settled);
  const max = Math.max(...settled);
  return { mean, min, max, deviation: mean > 0 ? Math.max(max - mean, mean - min) / mean : 0 };
}
