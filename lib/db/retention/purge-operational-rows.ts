import { sql } from 'kysely';
import type { Executor } from '../repositories/executor';
import { deleteInBatches, type Pacer } from './batches';

/** Before these instants rows of each kind are no longer kept (audit null: kept forever). */
export interface OperationalCutoffs {
  doneJobs: number;
  deadJobs: number;
  webhooks: number;
  audit: number | null;
  runs: number;
}

/** Webhook events no longer waiting for delivery. */
const FINISHED_WEBHOOKS = ['delivered', 'failed', 'cancelled'];

type Removed = Record<string, number>;

/**
 * Deletes the operational rows past their lifetime (docs/OPERATIONS.md "Retention"): finished jobs,
 * finished webhook events with their attempts, the audit log and erasure records past the audit
 * policy, old purge runs. Returns the rows deleted per table.
 */
export async function purgeOperationalRows(pacer: Pacer, c: OperationalCutoffs): Promise<Removed> {
  const removed: Removed = {};
  // Each batch selects up to `limit` rows of its table and deletes them (with what hangs off them).
  const batches = (
    batch: (trx: Executor, limit: number) => Promise<{ selected: number; deleted: Removed }>,
  ) =>
    deleteInBatches(pacer, async (trx, limit) => {
      const { selected, deleted } = await batch(trx, limit);
      for (const [table, rows] of Object.entries(deleted)) removed[table] = (removed[table] ?? 0) + rows;
      return selected;
    });
  await batches(async (trx, limit) => {
    const ids = await trx
      .selectFrom('jobs')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'done'), eb('run_at', '<', c.doneJobs)]),
          eb.and([eb('status', '=', 'dead'), eb('run_at', '<', c.deadJobs)]),
        ]),
      )
      .limit(limit)
      .execute();
    return { selected: ids.length, deleted: { jobs: await deleteIds(trx, 'jobs', 'id', ids) } };
  });
  await batches(async (trx, limit) => {
    const ids = await trx
      .selectFrom('webhook_events')
      .select('id')
      .where('status', 'in', FINISHED_WEBHOOKS)
      .where('created_at', '<', c.webhooks)
      .limit(limit)
      .execute();
    const deleted = {
      webhook_attempts: await deleteIds(trx, 'webhook_attempts', 'event_id', ids),
      webhook_events: await deleteIds(trx, 'webhook_events', 'id', ids),
    };
    return { selected: ids.length, deleted };
  });
  if (c.audit !== null) {
    const before = c.audit;
    await batches(async (trx, limit) => {
      const ids = await trx
        .selectFrom('audit_log')
        .select('id')
        .where('at', '<', before)
        .limit(limit)
        .execute();
      return { selected: ids.length, deleted: { audit_log: await deleteIds(trx, 'audit_log', 'id', ids) } };
    });
    await batches(async (trx, limit) => {
      const ids = await trx
        .selectFrom('erasures')
        .select('id')
        .where('status', '=', 'done')
        .where('completed_at', '<', before)
        .limit(limit)
        .execute();
      const deleted = {
        erasure_steps: await deleteIds(trx, 'erasure_steps', 'erasure_id', ids),
        erasures: await deleteIds(trx, 'erasures', 'id', ids),
      };
      return { selected: ids.length, deleted };
    });
  }
  await batches(async (trx, limit) => {
    const ids = await trx
      .selectFrom('retention_runs')
      .select('id')
      .where('started_at', '<', c.runs)
      .limit(limit)
      .execute();
    return {
      selected: ids.length,
      deleted: { retention_runs: await deleteIds(trx, 'retention_runs', 'id', ids) },
    };
  });
  return Object.fromEntries(Object.entries(removed).filter(([, rows]) => rows > 0));
}

/** Deletes the rows whose `column` is one of the ids (at most a batch of them). */
async function deleteIds(
  trx: Executor,
  table: string,
  column: string,
  rows: { id: string }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const ids = sql.join(rows.map((r) => r.id));
  const result = await sql`delete from ${sql.table(table)} where ${sql.ref(column)} in (${ids})`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}
