import { reassessmentJobId } from '../../runtime/schedule-reassessment';
import type { Executor } from '../repositories/executor';
import { affected, type StepCount, type Subject } from './subject';

/**
 * Deletes up to about `limit` of the installation's oldest location events: those up to the
 * `limit`-th oldest timestamp, found through the (tenant, installation, ts) index on both engines
 * (PostgreSQL's partitioned table has no unique row id to page by). Returns the rows deleted.
 */
export async function deleteEventBatch(db: Executor, s: Subject, limit: number): Promise<StepCount> {
  if (s.type !== 'installation') return affected('location_events', 'deleted', 0);
  const edge = await db
    .selectFrom('location_events')
    .select('ts')
    .where('tenant_id', '=', s.tenantId)
    .where('installation_id', '=', s.id)
    .orderBy('ts')
    .offset(limit - 1)
    .limit(1)
    .executeTakeFirst();
  let query = db
    .deleteFrom('location_events')
    .where('tenant_id', '=', s.tenantId)
    .where('installation_id', '=', s.id);
  if (edge) query = query.where('ts', '<=', edge.ts);
  const result = await query.executeTakeFirst();
  return affected('location_events', 'deleted', result.numDeletedRows);
}

/**
 * The last of the subject: device links, and for an installation its reassessment job, fingerprint,
 * any late events and itself. A worker running that job meanwhile loses its lease and writes nothing
 * (an erased signup takes no assessment).
 */
export async function deleteSubjectRows(trx: Executor, s: Subject): Promise<StepCount[]> {
  const links = await trx
    .deleteFrom('installation_accounts')
    .where('tenant_id', '=', s.tenantId)
    .where(s.type === 'installation' ? 'installation_id' : 'account_id', '=', s.id)
    .executeTakeFirst();
  const counts = [
    affected('installation_accounts', 'deleted', links.numDeletedRows),
    await deleteSavedSearches(trx, s),
  ];
  if (s.type === 'installation') {
    const job = await trx
      .deleteFrom('jobs')
      .where('id', '=', reassessmentJobId(s.tenantId, s.id))
      .executeTakeFirst();
    counts.push(affected('jobs', 'deleted', job.numDeletedRows));
    for (const table of ['location_events', 'location_fingerprints', 'installations'] as const) {
      const result = await trx
        .deleteFrom(table)
        .where('tenant_id', '=', s.tenantId)
        .where('installation_id', '=', s.id)
        .executeTakeFirst();
      counts.push(affected(table, 'deleted', result.numDeletedRows));
    }
  }
  return counts.filter((c) => c.rows > 0);
}

/**
 * Analysts' saved queue filters that name the subject: a search for its id, in any filter value or in
 * the name the analyst gave it (the queue looks ids up by `q`, but the stored query takes any key).
 */
async function deleteSavedSearches(trx: Executor, s: Subject): Promise<StepCount> {
  const filters = await trx
    .selectFrom('console_saved_filters')
    .select(['id', 'name', 'query'])
    .where('tenant_id', '=', s.tenantId)
    .execute();
  const naming = filters
    .filter((f) => {
      const values = Object.values(JSON.parse(f.query) as Record<string, unknown>);
      return [f.name, ...values].some((v) => typeof v === 'string' && v.includes(s.id));
    })
    .map((f) => f.id);
  if (naming.length === 0) return affected('console_saved_filters', 'deleted', 0);
  const result = await trx.deleteFrom('console_saved_filters').where('id', 'in', naming).executeTakeFirst();
  return affected('console_saved_filters', 'deleted', result.numDeletedRows);
}
