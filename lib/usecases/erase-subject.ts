import type { ErasureSummary } from '../contracts/subject-data';
import { makeJobRepo } from '../db/repositories/job-repo';
import type { Executor } from '../db/repositories/executor';
import { deleteEventBatch, deleteSubjectRows } from '../db/subject/delete-subject-rows';
import { makeErasureRepo, type ErasureRecord } from '../db/subject/erasure-repo';
import { scrubSubject } from '../db/subject/scrub-subject';
import type { StepCount, Subject } from '../db/subject/subject';
import type { Clock } from '../domain/clock';
import { ERASE_SUBJECT_JOB } from '../jobs/erase-subject-job';
import { makeAuditStore } from '../db/console/audit-store';
import { subjectDigest } from './subject-digest';

/** Location events deleted per transaction: each batch is short, so requests interleave with an erasure. */
export const ERASURE_BATCH_ROWS = 2_000;

export interface EraseSubjectDeps {
  db: Executor;
  clock: Clock;
  newId: () => string;
  /** How long the requester works alone before a worker may take the erasure over (the job lease). */
  handoverMs: number;
  batchRows?: number;
  onProgress?: (step: StepCount) => void;
}

export interface ErasureRequester {
  /** api:<client id>, cli, or console:<user email>. */
  requestedBy: string;
  actorUserId: string | null;
}

/**
 * Erasure of one installation or account (DELETE /api/v2/admin/installations/{id} and
 * /accounts/{id}, `locus erase`, the console). The erasure record and a job are written first, in one
 * transaction; the requester then erases in steps. If it dies halfway, the job hands the erasure to a
 * worker once its lease would have expired, and every step is idempotent, so the rerun completes it.
 */
export function makeEraseSubject(deps: EraseSubjectDeps) {
  const erasures = makeErasureRepo(deps.db);
  const batchRows = deps.batchRows ?? ERASURE_BATCH_ROWS;

  async function step(erasureId: string, work: (trx: Executor) => Promise<StepCount[]>) {
    const counts = await deps.db.transaction().execute(async (trx) => {
      const done = await work(trx);
      await makeErasureRepo(trx).recordSteps(erasureId, done, deps.clock.now());
      return done;
    });
    counts.forEach((c) => deps.onProgress?.(c));
    return counts;
  }

  /** Completes a pending erasure; a done one is left as it is. */
  async function run(erasureId: string): Promise<void> {
    const erasure = await erasures.find(erasureId);
    if (!erasure || erasure.status === 'done' || erasure.subjectId === null) return;
    const subject: Subject = { tenantId: erasure.tenantId, type: erasure.subjectType, id: erasure.subjectId };
    await step(erasureId, async (trx) => scrubSubject(trx, subject, deps.clock.now()));
    for (;;) {
      const [batch] = await step(erasureId, async (trx) => [await deleteEventBatch(trx, subject, batchRows)]);
      if (!batch || batch.rows === 0) break;
    }
    await step(erasureId, async (trx) => {
      const counts = await deleteSubjectRows(trx, subject);
      const now = deps.clock.now();
      if (await makeErasureRepo(trx).complete(erasureId, now)) {
        await writeAuditEntry(
          trx,
          erasure,
          [...(await makeErasureRepo(trx).steps(erasureId)), ...counts],
          now,
        );
      }
      return counts;
    });
  }

  async function request(subject: Subject, by: ErasureRequester): Promise<ErasureSummary> {
    const now = deps.clock.now();
    const digest = await subjectDigest(deps.db, subject.tenantId, subject.type, subject.id);
    const previous = await erasures.lastCompletedAt(subject.tenantId, subject.type, digest);
    const id = deps.newId();
    await deps.db.transaction().execute(async (trx) => {
      await makeErasureRepo(trx).insertPending({
        id,
        tenantId: subject.tenantId,
        subjectType: subject.type,
        subjectId: subject.id,
        subjectDigest: digest,
        requestedBy: by.requestedBy,
        actorUserId: by.actorUserId,
        requestedAt: now,
      });
      await makeJobRepo(trx).enqueue(
        {
          id: `${ERASE_SUBJECT_JOB}:${id}`,
          kind: ERASE_SUBJECT_JOB,
          tenantId: subject.tenantId,
          payload: { erasureId: id },
          runAt: now + deps.handoverMs,
        },
        now,
      );
    });
    await run(id);
    const erasure = await erasures.find(id);
    if (!erasure) throw new Error(`erasure ${id} vanished`);
    return summarize(erasure, subject.id, await erasures.steps(id), previous);
  }

  return { request, run };
}
export type EraseSubject = ReturnType<typeof makeEraseSubject>;

function writeAuditEntry(trx: Executor, e: ErasureRecord, steps: readonly StepCount[], at: number) {
  const { deleted, scrubbed, cancelled } = tally(steps);
  return makeAuditStore(trx).write({
    tenantId: e.tenantId,
    actorUserId: e.actorUserId,
    action: `${e.subjectType}_erased`,
    subjectType: e.subjectType,
    // The digest, not the id: the audit log outlives the erased data.
    subjectId: e.subjectDigest,
    before: null,
    after: {
      erasure_id: e.id,
      requested_by: e.requestedBy,
      deleted,
      scrubbed,
      webhooks_cancelled: cancelled,
    },
    at,
  });
}

function tally(steps: readonly StepCount[]) {
  const deleted: Record<string, number> = {};
  const scrubbed: Record<string, number> = {};
  let cancelled = 0;
  for (const s of steps) {
    if (s.action === 'cancelled') cancelled += s.rows;
    else {
      const into = s.action === 'deleted' ? deleted : scrubbed;
      into[s.table] = (into[s.table] ?? 0) + s.rows;
    }
  }
  return { deleted, scrubbed, cancelled };
}

function summarize(
  e: ErasureRecord,
  subjectId: string,
  steps: readonly StepCount[],
  previous: number | null,
): ErasureSummary {
  const { deleted, scrubbed, cancelled } = tally(steps);
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    erasure_id: e.id,
    subject_type: e.subjectType,
    subject_id: subjectId,
    status: e.status === 'done' ? 'completed' : 'pending',
    requested_at: new Date(e.requestedAt).toISOString(),
    completed_at: iso(e.completedAt),
    deleted,
    scrubbed,
    webhooks_cancelled: cancelled,
    previously_erased_at: iso(previous),
  };
}
