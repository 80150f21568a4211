import type { Engine } from '../db/connect';
import type { Executor } from '../db/repositories/executor';
import type { Clock } from '../domain/clock';
import { processTurns, type EventLoopTurns } from '../runtime/event-loop-turns';
import {
  claimJobs,
  renewLease,
  settleJobWith,
  StaleLeaseError,
  type ClaimedJob,
  type JobSettlement,
} from './job-queue';

/** What a handler decided: how the job ends, and the writes that commit with that ending. */
export interface JobOutcome {
  settlement: JobSettlement;
  write?: (trx: Executor) => Promise<unknown>;
}

/** What a long handler may use to work in slices without starving the API it shares a process with. */
export interface JobContext {
  /** Commits `write` now, in a transaction that first renews the job's lease (a lost lease rolls it back). */
  commit(write: (trx: Executor) => Promise<unknown>): Promise<void>;
  /** Waits for the worker's next event-loop turn: requests that arrived meanwhile are served first. */
  nextTurn(): Promise<void>;
}

/** Reads and side effects happen in the handler; its writes commit only while the lease holds. */
export type JobHandler = (job: ClaimedJob, context: JobContext) => Promise<JobOutcome>;

export interface JobWorkerOptions {
  db: Executor;
  engine: Engine;
  clock: Clock;
  handlers: Record<string, JobHandler>;
  /** Longer than any handler takes between two commits (a delivery is at most 2 s): a live worker keeps its lease. */
  leaseMs?: number;
  /** Jobs claimed per statement. */
  batchSize?: number;
  /** Jobs in flight at once (webhook deliveries wait on the network; reassessments share the loop's turns). */
  concurrency?: number;
  /** Idle wait of the loop between polls. */
  pollMs?: number;
  log?: (line: Record<string, unknown>) => void;
  /** The process's event-loop turns, shared with the API it may run beside (requests go first). */
  turns?: EventLoopTurns;
}

export const DEFAULT_LEASE_MS = 60_000;

/** A job whose handler keeps failing is given up after this many claims. */
export const MAX_JOB_ATTEMPTS = 10;

export interface JobWorker {
  /** One round: claim due jobs, run them, settle them. Returns how many were claimed. */
  tick(): Promise<number>;
  /** Ticks until nothing is due (tests: run everything due at the clock's now). */
  drain(maxTicks?: number): Promise<number>;
  /** The production loop: keeps up to `concurrency` jobs in flight, polls every `pollMs` when idle. */
  start(): void;
  stop(): Promise<void>;
}

export function createJobWorker(o: JobWorkerOptions): JobWorker {
  const leaseMs = o.leaseMs ?? DEFAULT_LEASE_MS;
  const batchSize = o.batchSize ?? 32;
  const concurrency = o.concurrency ?? 16;
  const log = o.log ?? (() => undefined);
  const nextTurn = (o.turns ?? processTurns).background;
  const inFlight = new Set<Promise<void>>();
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  function contextOf(job: ClaimedJob): JobContext {
    return {
      nextTurn,
      commit: (write) =>
        o.db.transaction().execute(async (trx) => {
          const now = o.clock.now();
          await renewLease(trx, job, now + leaseMs, now);
          await write(trx);
        }),
    };
  }

  async function outcomeOf(job: ClaimedJob): Promise<{ outcome: JobOutcome; succeeded: boolean }> {
    const handler = o.handlers[job.kind];
    if (!handler) {
      return {
        outcome: { settlement: { status: 'dead', error: `no handler for job kind ${job.kind}` } },
        succeeded: false,
      };
    }
    if (job.attempts > MAX_JOB_ATTEMPTS) {
      return {
        outcome: { settlement: { status: 'dead', error: `gave up after ${MAX_JOB_ATTEMPTS} attempts` } },
        succeeded: false,
      };
    }
    try {
      // Its own turn: the handler's first reads do not run back to back with the other claimed jobs'.
      await nextTurn();
      return { outcome: await handler(job, contextOf(job)), succeeded: true };
    } catch (error) {
      if (error instanceof StaleLeaseError) throw error;
      log({ msg: 'job failed', job: job.id, attempts: job.attempts, error: String(error) });
      const backoff = Math.min(60_000 * 2 ** (job.attempts - 1), 3_600_000);
      const settlement = {
        status: 'pending' as const,
        runAt: o.clock.now() + backoff,
        error: String(error).slice(0, 1000),
      };
      return { outcome: { settlement }, succeeded: false };
    }
  }

  async function runOne(job: ClaimedJob): Promise<void> {
    try {
      const { outcome, succeeded } = await outcomeOf(job);
      await settleJobWith(o.db, job, outcome.settlement, o.clock.now(), outcome.write, succeeded);
    } catch (error) {
      if (error instanceof StaleLeaseError) {
        log({ msg: 'stale completion ignored', job: job.id });
        return;
      }
      // The lease will expire and another claim will redo the job: at-least-once, never lost.
      log({ msg: 'job settlement failed', job: job.id, error: String(error) });
    }
  }

  const claim = (limit: number) => claimJobs(o.db, { engine: o.engine, now: o.clock.now(), leaseMs, limit });

  async function tick(): Promise<number> {
    const jobs = await claim(batchSize);
    await Promise.all(jobs.map(runOne));
    return jobs.length;
  }

  /** Claims as many jobs as there are free slots and starts them; returns how many it claimed. */
  async function fill(): Promise<number> {
    const free = Math.min(batchSize, concurrency - inFlight.size);
    if (free <= 0) return 0;
    const jobs = await claim(free);
    for (const job of jobs) {
      const run: Promise<void> = runOne(job).finally(() => inFlight.delete(run));
      inFlight.add(run);
    }
    return jobs.length;
  }

  /** Until a slot frees (when full) or the poll interval passes (when nothing was due), or stop(). */
  function idle(full: boolean): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = full ? null : setTimeout(resolve, o.pollMs ?? 1_000);
      const done = () => {
        if (timer) clearTimeout(timer);
        resolve();
      };
      wake = done;
      if (inFlight.size > 0) void Promise.race(inFlight).then(done);
    }).finally(() => (wake = null));
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
          await nextTurn();
          const claimed = await fill().catch((error: unknown) => {
            log({ msg: 'worker poll failed', error: String(error) });
            return 0;
          });
          const full = inFlight.size >= concurrency;
          if ((claimed === 0 || full) && running) await idle(full);
        }
        await Promise.all(inFlight);
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
