import { sql } from 'kysely';
import type { Executor } from '../repositories/executor';
import { PURGE_BATCH_ROWS, type Pacer } from './batches';

/** Installations looked at per transaction when they have nothing to purge: each is one index seek. */
const INSTALLATIONS_PER_BATCH = 1_000;

interface InstallationCursor {
  tenantId: string;
  installationId: string;
}

/**
 * The first event (oldest) of the installation after `after` in the (tenant, installation, ts) index,
 * within `tenantId` when given: one seek that skips the rest of the current installation's entries.
 * (The tenant is checked on the row found, not in the statement: with both conditions SQLite seeks by
 * the tenant alone and scans its entries up to the cursor.)
 */
async function nextInstallation(
  trx: Executor,
  after: InstallationCursor | null,
  tenantId: string | null,
): Promise<(InstallationCursor & { oldest: number }) | null> {
  let query = trx
    .selectFrom('location_events')
    .select(['tenant_id', 'installation_id', 'ts'])
    .orderBy('tenant_id')
    .orderBy('installation_id')
    .orderBy('ts')
    .limit(1);
  if (after)
    query = query.where((eb) =>
      eb(eb.refTuple('tenant_id', 'installation_id'), '>', eb.tuple(after.tenantId, after.installationId)),
    );
  else if (tenantId !== null) query = query.where('tenant_id', '=', tenantId);
  const row = await query.executeTakeFirst();
  if (!row || (tenantId !== null && row.tenant_id !== tenantId)) return null;
  return { tenantId: row.tenant_id, installationId: row.installation_id, oldest: Number(row.ts) };
}

/** Deletes up to `limit` of the installation's events older than `before`, oldest first. */
async function deleteOldEvents(
  trx: Executor,
  at: InstallationCursor,
  before: number,
  limit: number,
): Promise<number> {
  const result = await sql`delete from location_events where id in (
      select id from location_events
      where tenant_id = ${at.tenantId} and installation_id = ${at.installationId} and ts < ${before}
      order by ts limit ${limit})`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * SQLite: removes the events older than `before` (of one tenant, or of all), installation by
 * installation along the (tenant_id, installation_id, ts) index every event query already uses:
 * an installation whose oldest event is inside the window costs one seek. No index on `ts` alone,
 * which cost every ingested event a random-page insert (a history upload spans weeks) for a purge.
 * At most PURGE_BATCH_ROWS rows per transaction; the pacer gives way between transactions.
 */
export async function purgeSqliteEvents(
  pacer: Pacer,
  before: number,
  tenantId: string | null,
): Promise<number> {
  let total = 0;
  let cursor: InstallationCursor | null = null;
  let current: (InstallationCursor & { oldest: number }) | null = null;
  let finished = false;
  while (!finished) {
    await pacer.commit(async (trx) => {
      let rows = 0;
      for (let seen = 0; seen < INSTALLATIONS_PER_BATCH && rows < PURGE_BATCH_ROWS; seen++) {
        current ??= await nextInstallation(trx, cursor, tenantId);
        if (!current) {
          finished = true;
          break;
        }
        if (current.oldest < before) {
          const limit = PURGE_BATCH_ROWS - rows;
          const deleted = await deleteOldEvents(trx, current, before, limit);
          rows += deleted;
          // A full slice may have left more of this installation's old events for the next transaction.
          if (deleted === limit) continue;
        }
        cursor = current;
        current = null;
      }
      total += rows;
    });
    if (!finished) await pacer.pause();
  }
  return total;
}
