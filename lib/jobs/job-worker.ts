import type { Engine } from '../db/connect';
import type { Executor } from '../db/repositories/executor';
import type { Clock } from '../domain/clock';
import { claimJobs, settleJobWith, StaleLeaseError, type ClaimedJob, type JobSettlement } from './job-queue';

/** What a handler decided: how the job ends, and the writes that commit with that ending. */
export interface JobOutcome {
  settlement: JobSettlement;
  write?: (trx: Executor) => Promise<unknown>;
}

/** Reads and side effects happen in the handler; its writes commit only while the lease holds. */
export type JobHandler = (job: ClaimedJob) => Promise<JobOutcome>;

export interface JobWorkerOptions {
  db: Executor;
  engine: Engine;
  clock: Clock;
  handlers: Record<string, JobHandler>;
  /** Longer than any handler takes (a delivery is at most 2 s): a live worker never loses its lease. */
  leaseMs?: number;
  batchSize?: number;
  /** Idle wait of the timer loop between polls. */
  pollMs?: number;
  /** Runs at the start of every tick (periodic scheduling, e.g. the sweep). */
  beforeTick?: (now: number) => Promise<void>;
  log?: (line: Record<string, unknown>) => void;
}

/** A job whose handler keeps failing is given up after this many claims. */
export const MAX_JOB_ATTEMPTS = 10;

export interface JobWorker {
  /** One round: claim due jobs, run them, settle them. Returns how many were claimed. */
  tick(): Promise<number>;
  /** Ticks until nothing is due (tests: run everything due at the clock's now). */
  drain(maxTicks?: number): Promise<number>;
  /** The production loop: tick, and wait `pollMs` whenever nothing was due. */
  start(): void;
  stop(): Promise<void>;
}

export function createJobWorker(o: JobWorkerOptions): JobWorker {
  const leaseMs = o.leaseMs ?? 60_000;
  const batchSize = o.batchSize ?? 32;
  const log = o.log ?? (() => undefined);
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  async function runOne(job: ClaimedJob): Promise<void> {
    const handler = o.handlers[job.kind];
    let outcome: JobOutcome;
    if (!handler) {
      outcome = { settlement: { status: 'dead', error: `no handler for job kind ${job.kind}` } };
    } else if (job.attempts > MAX_JOB_ATTEMPTS) {
      outcome = { settlement: { status: 'dead', error: `gave up after ${MAX_JOB_ATTEMPTS} attempts` } };
    } else {
      try {
        outcome = await handler(job);
      } catch (error) {
        const backoff = Math.min(60_000 * 2 ** (job.attempts - 1), 3_600_000);
        outcome = {
          settlement: {
            status: 'pending',
            runAt: o.clock.now() + backoff,
            error: String(error).slice(0, 1000),
          },
        };
        log({ msg: 'job failed', job: job.id, attempts: job.attempts, error: String(error) });
      }
    }
    try {
      await settleJobWith(o.db, job, outcome.settlement, o.clock.now(), outcome.write);
    } catch (error) {
      if (error instanceof StaleLeaseError) {
        log({ msg: 'stale completion ignored', job: job.id });
        return;
      }
      // The lease will expire and another claim will redo the job: at-least-once, never lost.
      log({ msg: 'job settlement failed', job: job.id, error: String(error) });
    }
  }

  async function tick(): Promise<number> {
    const now = o.clock.now();
    if (o.beforeTick) await o.beforeTick(now);
    const jobs = await claimJobs(o.db, { engine: o.engine, now, leaseMs, limit: batchSize });
    await Promise.all(jobs.map(runOne));
    return jobs.length;
  }

  return {
    tick,
    async drain(maxTicks = 100) {
      let total = 0;
      for (let i = 0; i < maxTicks; i++) {
        const n = await tick();
        total += n;
        if (n === 0) break;
      }
      return total;
    },
    start() {
      if (running) return;
      running = true;
      loop = (async () => {
        while (running) {
          const claimed = await tick().catch((error: unknown) => {
            log({ msg: 'worker tick failed', error: String(error) });
            return 0;
          });
          if (claimed === 0 && running) {
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, o.pollMs ?? 1_000);
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
            wake = null;
          }
        }
      })();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      loop = null;
    },
  };
}
