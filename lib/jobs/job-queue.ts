import { sql, type ExpressionBuilder } from 'kysely';
import type { Engine } from '../db/connect';
import { compiledFamily, compileStatement } from '../db/repositories/compiled-statement';
import { toJson, type Executor } from '../db/repositories/executor';
import type { Database } from '../db/schema';

/** A job this worker holds until `leaseUntil`; `leaseToken` fences its completion. */
export interface ClaimedJob {
  id: string;
  kind: string;
  tenantId: string | null;
  payload: unknown;
  /** Claims so far, this one included. */
  attempts: number;
  leaseToken: number;
  runAt: number;
}

export interface ClaimOptions {
  engine: Engine;
  now: number;
  leaseMs: number;
  limit: number;
}

/**
 * The jobs due at `now`: pending ones whose time has come, and running ones whose lease expired.
 * Claims and the oldest-pending gauge share it, so the gauge measures exactly what a worker would take.
 */
export function dueAt(now: number) {
  return (w: ExpressionBuilder<Database, 'jobs'>) =>
    w.or([
      w.and([w('status', '=', 'pending'), w('run_at', '<=', now)]),
      w.and([w('status', '=', 'running'), w('lease_until', '<', now)]),
    ]);
}

/**
 * Claims due jobs: pending ones whose time has come, and running ones whose lease expired (their
 * worker died). One statement, so the choice and the claim are atomic: on PostgreSQL the subquery's
 * `FOR UPDATE SKIP LOCKED` lets concurrent workers pass over each other's rows instead of queueing
 * or double-claiming; SQLite has a single writer, so the statement alone is atomic there.
 */
const claimDue = compiledFamily(
  (engine: Engine) => (db, a: { now: number; leaseUntil: number; limit: number }) =>
    db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        lease_until: a.leaseUntil,
        lease_token: eb('lease_token', '+', 1),
        attempts: eb('attempts', '+', 1),
        updated_at: a.now,
      }))
      .where('id', 'in', (eb) => {
        const due = eb.selectFrom('jobs').select('id').where(dueAt(a.now)).orderBy('run_at').limit(a.limit);
        return engine === 'postgres' ? due.forUpdate().skipLocked() : due;
      })
      .returningAll(),
);

export async function claimJobs(db: Executor, o: ClaimOptions): Promise<ClaimedJob[]> {
  const rows = await claimDue(o.engine).rows(db, {
    now: o.now,
    leaseUntil: o.now + o.leaseMs,
    limit: o.limit,
  });
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    tenantId: r.tenant_id,
    payload: JSON.parse(r.payload) as unknown,
    attempts: r.attempts,
    leaseToken: r.lease_token,
    runAt: r.run_at,
  }));
}

export type JobSettlement =
  | { status: 'done' }
  | { status: 'pending'; runAt: number; error?: string; payload?: unknown }
  | { status: 'dead'; error: string };

interface SettleArgs {
  id: string;
  leaseToken: number;
  status: JobSettlement['status'];
  runAt: number;
  payload: string | null;
  lastError: string | null;
  now: number;
}

/** One compiled UPDATE per shape of settlement: pending or final, with or without a new payload, after a success or a failure. */
const settleStatement = compiledFamily(
  (shape: `${'pending' | 'final'}:${'payload' | 'same'}:${'succeeded' | 'failed'}`) =>
    (db, a: SettleArgs) => {
      const [when, payload, outcome] = shape.split(':');
      return db
        .updateTable('jobs')
        .set({
          status: sql`case when rerun_at is not null then 'pending' else ${a.status} end`,
          run_at:
            when === 'pending'
              ? sql`case when rerun_at is not null and rerun_at < ${a.runAt} then rerun_at else ${a.runAt} end`
              : sql`coalesce(rerun_at, ${a.runAt})`,
          payload:
            payload === 'same'
              ? sql`payload`
              : sql`case when rerun_at is not null then payload else ${a.payload} end`,
          rerun_at: null,
          lease_until: null,
          attempts: outcome === 'succeeded' ? 0 : sql`attempts`,
          last_error: a.lastError,
          updated_at: a.now,
        })
        .where('id', '=', a.id)
        .where('lease_token', '=', a.leaseToken)
        .where('status', '=', 'running');
    },
);

/**
 * Records a job's end, but only if this worker still holds it: a worker that lost its lease (it
 * stalled, another claimed the job) changes nothing. Returns false for such a stale completion.
 * A trigger that arrived while the job ran (`rerun_at`, see JobRepo.arm) makes it pending again, at
 * the earlier of that time and the settlement's own, with the trigger's payload. `succeeded` (the
 * handler returned rather than threw) starts the attempt count afresh for the job's next run.
 */
export async function settleJob(
  db: Executor,
  job: ClaimedJob,
  settlement: JobSettlement,
  now: number,
  succeeded = true,
): Promise<boolean> {
  const pending = settlement.status === 'pending';
  const payload = pending && settlement.payload !== undefined ? toJson(settlement.payload) : null;
  const shape =
    `${pending ? 'pending' : 'final'}:${payload === null ? 'same' : 'payload'}:${succeeded ? 'succeeded' : 'failed'}` as const;
  const result = await settleStatement(shape).execute(db, {
    id: job.id,
    leaseToken: job.leaseToken,
    status: settlement.status,
    runAt: pending ? settlement.runAt : job.runAt,
    payload,
    lastError: settlement.status === 'done' ? null : (settlement.error ?? null),
    now,
  });
  return Number(result.numAffectedRows ?? 0) > 0;
}

const extendLease = compileStatement(
  (db, a: { id: string; leaseToken: number; leaseUntil: number; now: number }) =>
    db
      .updateTable('jobs')
      .set({ lease_until: a.leaseUntil, updated_at: a.now })
      .where('id', '=', a.id)
      .where('lease_token', '=', a.leaseToken)
      .where('status', '=', 'running'),
);

/**
 * Extends the lease of a job this worker still holds, inside the transaction that commits part of
 * its work: a long job (reassessing a device farm in slices) keeps its claim while it progresses,
 * and a worker that lost the lease has its partial writes rolled back.
 */
export async function renewLease(
  db: Executor,
  job: ClaimedJob,
  leaseUntil: number,
  now: number,
): Promise<void> {
  const result = await extendLease.execute(db, { id: job.id, leaseToken: job.leaseToken, leaseUntil, now });
  if (Number(result.numAffectedRows ?? 0) === 0) throw new StaleLeaseError(job.id);
}

export class StaleLeaseError extends Error {
  constructor(readonly jobId: string) {
    super(`job ${jobId}: lease lost, completion ignored`);
    this.name = 'StaleLeaseError';
  }
}

/**
 * Settles the job and applies its writes in one transaction: either both happen or neither, and a
 * stale worker's writes are rolled back with its settlement. A job with nothing to write (most
 * reassessment runs: their verdicts committed slice by slice) settles with the one UPDATE alone,
 * atomic by itself: no BEGIN and COMMIT around it (two round trips fewer on PostgreSQL).
 */
export async function settleJobWith(
  db: Executor,
  job: ClaimedJob,
  settlement: JobSettlement,
  now: number,
  write?: (trx: Executor) => Promise<unknown>,
  succeeded = true,
): Promise<void> {
  if (!write) {
    if (!(await settleJob(db, job, settlement, now, succeeded))) throw new StaleLeaseError(job.id);
    return;
  }
  await db.transaction().execute(async (trx) => {
    if (!(await settleJob(trx, job, settlement, now, succeeded))) throw new StaleLeaseError(job.id);
    await write(trx);
  });
}
