import type { SubjectType } from '../../contracts/subject-data';
import type { Executor } from '../repositories/executor';
import type { StepCount } from './subject';

export interface ErasureRecord {
  id: string;
  tenantId: string;
  subjectType: SubjectType;
  /** Null once done: the id is not kept. */
  subjectId: string | null;
  subjectDigest: string;
  status: 'pending' | 'done';
  requestedBy: string;
  actorUserId: string | null;
  requestedAt: number;
  completedAt: number | null;
}

/** The erasure record: written before anything is erased, so that a restart finishes what a crash left. */
export function makeErasureRepo(db: Executor) {
  return {
    async insertPending(e: Omit<ErasureRecord, 'status' | 'completedAt'>): Promise<void> {
      await db
        .insertInto('erasures')
        .values({
          id: e.id,
          tenant_id: e.tenantId,
          subject_type: e.subjectType,
          subject_id: e.subjectId,
          subject_digest: e.subjectDigest,
          status: 'pending',
          requested_by: e.requestedBy,
          actor_user_id: e.actorUserId,
          requested_at: e.requestedAt,
          completed_at: null,
        })
        .execute();
    },

    async find(id: string): Promise<ErasureRecord | null> {
      const r = await db.selectFrom('erasures').selectAll().where('id', '=', id).executeTakeFirst();
      if (!r) return null;
      return {
        id: r.id,
        tenantId: r.tenant_id,
        subjectType: r.subject_type as SubjectType,
        subjectId: r.subject_id,
        subjectDigest: r.subject_digest,
        status: r.status as ErasureRecord['status'],
        requestedBy: r.requested_by,
        actorUserId: r.actor_user_id,
        requestedAt: r.requested_at,
        completedAt: r.completed_at,
      };
    },

    /** When the same subject was last erased to completion, by another request. */
    async lastCompletedAt(tenantId: string, type: SubjectType, digest: string): Promise<number | null> {
      const row = await db
        .selectFrom('erasures')
        .select((eb) => eb.fn.max('completed_at').as('at'))
        .where('tenant_id', '=', tenantId)
        .where('subject_type', '=', type)
        .where('subject_digest', '=', digest)
        .where('status', '=', 'done')
        .executeTakeFirst();
      return row?.at ?? null;
    },

    /** Insert-only, so concurrent runners of one erasure (a request and a resuming worker) add up right. */
    async recordSteps(erasureId: string, counts: readonly StepCount[], at: number): Promise<void> {
      const done = counts.filter((c) => c.rows > 0);
      if (done.length === 0) return;
      await db
        .insertInto('erasure_steps')
        .values(
          done.map((c) => ({
            erasure_id: erasureId,
            table_name: c.table,
            action: c.action,
            rows: c.rows,
            at,
          })),
        )
        .execute();
    },

    async steps(erasureId: string): Promise<StepCount[]> {
      const rows = await db
        .selectFrom('erasure_steps')
        .select(['table_name', 'action', (eb) => eb.fn.sum<number>('rows').as('rows')])
        .where('erasure_id', '=', erasureId)
        .groupBy(['table_name', 'action'])
        .orderBy('table_name')
        .execute();
      return rows.map((r) => ({
        table: r.table_name,
        action: r.action as StepCount['action'],
        rows: Number(r.rows),
      }));
    },

    /** Pending → done, forgetting the id. False when another runner completed it first. */
    async complete(id: string, at: number): Promise<boolean> {
      const result = await db
        .updateTable('erasures')
        .set({ status: 'done', subject_id: null, completed_at: at })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
export type ErasureRepo = ReturnType<typeof makeErasureRepo>;
