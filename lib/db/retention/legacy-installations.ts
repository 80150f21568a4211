import type { Executor } from '../repositories/executor';

/**
 * Installations with events but no fingerprint: stored before the risk engine's migration, folded
 * lazily at their next assessment. Retention folds them before their raw events go.
 */
export async function installationsWithoutFingerprint(db: Executor, limit: number) {
  return db
    .selectFrom('installations as i')
    .leftJoin('location_fingerprints as f', (j) =>
      j.onRef('f.tenant_id', '=', 'i.tenant_id').onRef('f.installation_id', '=', 'i.installation_id'),
    )
    .select(['i.tenant_id', 'i.installation_id'])
    .where('i.event_count', '>', 0)
    .where('f.installation_id', 'is', null)
    .limit(limit)
    .execute();
}
