import { performance } from 'node:perf_hooks';
import type { Engine } from '../db/connect';
import type { Executor } from '../db/repositories/executor';
import type { Pacer } from '../db/retention/batches';
import { reposFor } from '../db/repositories/index';
import { ensureEventPartitions } from '../db/retention/event-partitions';
import { foldLegacyInstallations } from '../db/retention/legacy-installations';
import { purgeOperationalRows } from '../db/retention/purge-operational-rows';
import { purgeEvents, releaseFreePages } from '../db/retention/purge-events';
import { makeTenantRetentionRepo } from '../db/retention/tenant-retention-repo';
import type { Clock } from '../domain/clock';
import { fingerprintOf } from '../usecases/load-device-history';
import type { JobContext } from './job-worker';
import { DAY_MS, type RetentionPolicy } from './retention-policy';

export interface RetentionDeps {
  db: Executor;
  engine: Engine;
  clock: Clock;
  newId: () => string;
  policy: RetentionPolicy;
  /** SQLite: DatabaseHandle.releaseFreePages. */
  releaseFreePages?: (pages: number) => number;
}

export interface RetentionReport {
  startedAt: number;
  finishedAt: number;
  /** Rows removed per table. */
  removed: Record<string, number>;
  partitionsDropped: string[];
  /** SQLite pages handed back to the file system. */
  pagesReleased: number;
}

/**
 * One pass of retention: PostgreSQL's partitions ahead are created, installations from before the
 * fingerprint get theirs (from the events about to go), then raw events past their window go (the
 * global one, and tenants' shorter ones), then the operational rows past their lifetime, then
 * SQLite's freed pages. Batches are paced by `pacer`; the run is logged in retention_runs.
 */
export async function runRetention(deps: RetentionDeps, pacer: Pacer): Promise<RetentionReport> {
  const { db, engine, policy } = deps;
  const startedAt = deps.clock.now();
  const before = (days: number) => startedAt - days * DAY_MS;
  await ensureEventPartitions(db, engine, startedAt, policy.eventDays);
  await foldLegacyInstallations(
    db,
    (key) =>
      pacer.commit(async (trx) => {
        const repos = reposFor(trx);
        const installation = await repos.installations.find(key.tenantId, key.installationId);
        if (installation) await fingerprintOf(repos, key.tenantId, installation, null);
      }),
    () => pacer.pause(),
  );
  const shorter = (await makeTenantRetentionRepo(db).list()).filter((t) => t.eventDays < policy.eventDays);
  const events = await purgeEvents(
    db,
    engine,
    {
      global: before(policy.eventDays),
      tenants: shorter.map((t) => ({ tenantId: t.tenantId, cutoff: before(t.eventDays) })),
    },
    pacer,
  );
  const operational = await purgeOperationalRows(pacer, {
    doneJobs: before(policy.jobDays),
    deadJobs: before(2 * policy.jobDays),
    webhooks: before(policy.webhookDays),
    audit: policy.auditDays > 0 ? before(policy.auditDays) : null,
    runs: before(policy.jobDays),
  });
  const pagesReleased = await releaseFreePages(deps.releaseFreePages, pacer);
  const removed = { ...(events.rows > 0 ? { location_events: events.rows } : {}), ...operational };
  const finishedAt = deps.clock.now();
  await db
    .insertInto('retention_runs')
    .values({
      id: deps.newId(),
      started_at: startedAt,
      finished_at: finishedAt,
      removed: JSON.stringify({
        ...removed,
        partitions_dropped: events.partitions,
        pages_released: pagesReleased,
      }),
    })
    .execute();
  return { startedAt, finishedAt, removed, partitionsDropped: events.partitions, pagesReleased };
}

/**
 * Paces a purge inside the worker: each batch renews the job's lease as it commits, and after each the
 * purge waits for the next event-loop turn and then as long again as the batch took, so that a purge
 * takes at most half of the process's time from the requests it shares it with.
 */
export function jobPacer(context: JobContext): Pacer {
  let lastMs = 0;
  return {
    async commit(work) {
      const start = performance.now();
      await context.commit(work);
      lastMs = performance.now() - start;
    },
    async pause() {
      await context.nextTurn();
      await new Promise((resolve) => setTimeout(resolve, Math.min(lastMs, 1_000)));
    },
  };
}

/** Paces a purge run from the command line: one transaction per batch, nothing else to give way to. */
export function plainPacer(db: Executor): Pacer {
  return {
    commit: (work) => db.transaction().execute(work),
    pause: () => new Promise((resolve) => setImmediate(resolve)),
  };
}
