import type { Registry } from 'prom-client';
import { v7 as uuidv7 } from 'uuid';
import type { DatabaseHandle, Engine } from '../db/connect';
import type { Executor } from '../db/repositories/executor';
import { makeSettingsRepo } from '../db/repositories/settings-repo';
import type { Clock } from '../domain/clock';
import { REASSESS_INSTALLATION_JOB } from '../runtime/schedule-reassessment';
import { makeWebhookSender, WEBHOOK_TIMEOUT_MS } from '../webhooks/send-webhook';
import { loadSecretBox } from '../webhooks/webhook-secret-key';
import { webhookUrlPolicyFromEnv } from '../webhooks/webhook-url-policy';
import { makeEraseSubject } from '../usecases/erase-subject';
import { startConsoleIndexCatchUp } from './console-index-catch-up';
import { startStatisticsRefresh } from './statistics-refresh';
import { DELIVER_WEBHOOK_JOB, makeDeliverWebhookJob } from './deliver-webhook-job';
import { ERASE_SUBJECT_JOB, makeEraseSubjectJob } from './erase-subject-job';
import { makeRetentionJob, RETENTION_JOB, scheduleRetention } from './retention-job';
import { retentionPolicyFromEnv } from './retention-policy';
import { signupReassessmentCounter, webhookAttemptCounter } from './job-metrics';
import { createJobWorker, DEFAULT_LEASE_MS, type JobWorker } from './job-worker';
import { makeReassessInstallationJob } from './reassess-installation-job';

export interface WorkerDeps {
  db: Executor;
  engine: Engine;
  clock: Clock;
  newId: () => string;
  env: Record<string, string | undefined>;
  metrics?: Registry;
  log?: (line: Record<string, unknown>) => void;
  /** SQLite: hands freed pages back to the file system after purges (DatabaseHandle.releaseFreePages). */
  releaseFreePages?: (pages: number) => number;
}

export interface WorkerOptions {
  leaseMs?: number;
  pollMs?: number;
  batchSize?: number;
  concurrency?: number;
  /** Tests may shorten it; production keeps the spec's 2 seconds. */
  webhookTimeoutMs?: number;
}

/**
 * The background worker: change-driven reassessments, webhook deliveries, retention, the console's
 * indexes and, on PostgreSQL, planner statistics.
 */
export async function createWorker(deps: WorkerDeps, options: WorkerOptions = {}): Promise<JobWorker> {
  const secretBox = await loadSecretBox(makeSettingsRepo(deps.db), deps.env);
  const sender = makeWebhookSender(
    webhookUrlPolicyFromEnv(deps.env),
    options.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS,
  );
  const attempts = deps.metrics ? webhookAttemptCounter(deps.metrics) : null;
  const leaseMs = options.leaseMs ?? jobLeaseMs(deps.env);
  const worker = createJobWorker({
    db: deps.db,
    engine: deps.engine,
    clock: deps.clock,
    leaseMs,
    pollMs: options.pollMs,
    batchSize: options.batchSize,
    concurrency: options.concurrency ?? numberFromEnv(deps.env.LOCUS_JOB_CONCURRENCY),
    log: deps.log,
    handlers: {
      [REASSESS_INSTALLATION_JOB]: makeReassessInstallationJob({
        ...deps,
        judged: deps.metrics ? signupReassessmentCounter(deps.metrics) : undefined,
      }),
      [DELIVER_WEBHOOK_JOB]: makeDeliverWebhookJob({
        ...deps,
        secretBox,
        send: sender.send,
        onAttempt: (outcome) => attempts?.inc({ outcome: outcome.kind }),
      }),
      [ERASE_SUBJECT_JOB]: makeEraseSubjectJob(makeEraseSubject({ ...deps, handoverMs: leaseMs })),
      [RETENTION_JOB]: makeRetentionJob({ ...deps, policy: retentionPolicyFromEnv(deps.env) }),
    },
  });
  await scheduleRetention(deps.db, deps.clock.now());
  const log = deps.log ?? (() => {});
  const stopConsoleIndex = startConsoleIndexCatchUp(deps.db, log);
  const stopStatistics = deps.engine === 'postgres' ? startStatisticsRefresh(deps.db, log) : async () => {};
  return {
    ...worker,
    async stop() {
      await stopConsoleIndex();
      await stopStatistics();
      await worker.stop();
      await sender.close();
    },
  };
}

function numberFromEnv(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : undefined;
}

/** LOCUS_JOB_LEASE_MS, else the worker's default lease. */
export function jobLeaseMs(env: Record<string, string | undefined>): number {
  return numberFromEnv(env.LOCUS_JOB_LEASE_MS) ?? DEFAULT_LEASE_MS;
}

/** The worker over a runtime's database and clock (`locus serve`, `locus worker`, tests). */
export function createRuntimeWorker(
  runtime: {
    db: Executor;
    handle: Pick<DatabaseHandle, 'engine' | 'releaseFreePages'>;
    clock: Clock;
    deps: { metrics: Registry };
  },
  env: Record<string, string | undefined>,
  options: WorkerOptions = {},
): Promise<JobWorker> {
  return createWorker(
    {
      db: runtime.db,
      engine: runtime.handle.engine,
      clock: runtime.clock,
      newId: uuidv7,
      env,
      metrics: runtime.deps.metrics,
      releaseFreePages: runtime.handle.releaseFreePages,
      log: (line) => console.error(JSON.stringify({ level: 'warn', component: 'worker', ...line })),
    },
    options,
  );
}
