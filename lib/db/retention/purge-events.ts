import type { Engine } from '../connect';
import type { Executor } from '../repositories/executor';
import { deleteInBatches, type Pacer } from './batches';
import { purgeSqliteEvents } from './purge-sqlite-events';
import { deletePartitionRows, dropExpiredPartitions, listEventPartitions } from './event-partitions';

/** Raw events older than `cutoff`, and for tenants with a shorter window older than theirs. */
export interface EventCutoffs {
  global: number;
  tenants: readonly { tenantId: string; cutoff: number }[];
}

export interface EventPurge {
  rows: number;
  /** PostgreSQL: partitions dropped whole. */
  partitions: string[];
}

/**
 * Removes raw location events past their window. SQLite deletes them in batches, installation by
 * installation (purge-sqlite-events.ts); PostgreSQL drops whole partitions older than the window and deletes rows only where a
 * partition cannot go whole: in the default partition (late uploads) and for tenants' shorter windows.
 */
export async function purgeEvents(db: Executor, engine: Engine, cutoffs: EventCutoffs, pacer: Pacer) {
  return engine === 'sqlite' ? purgeSqlite(cutoffs, pacer) : purgePostgres(db, cutoffs, pacer);
}

async function purgeSqlite(cutoffs: EventCutoffs, pacer: Pacer): Promise<EventPurge> {
  let rows = await purgeSqliteEvents(pacer, cutoffs.global, null);
  for (const t of cutoffs.tenants) rows += await purgeSqliteEvents(pacer, t.cutoff, t.tenantId);
  return { rows, partitions: [] };
}

async function purgePostgres(db: Executor, cutoffs: EventCutoffs, pacer: Pacer): Promise<EventPurge> {
  const dropped = await dropExpiredPartitions(db, cutoffs.global);
  let rows = dropped.reduce((n, p) => n + p.rows, 0);
  const partitions = await listEventPartitions(db);
  const purge = (partition: string, before: number, tenantId: string | null) =>
    deleteInBatches(pacer, (trx, limit) => deletePartitionRows(trx, partition, before, tenantId, limit));
  for (const p of partitions.filter((x) => x.from === null))
    rows += await purge(p.name, cutoffs.global, null);
  for (const t of cutoffs.tenants) {
    for (const p of partitions.filter((x) => x.from === null || x.from < t.cutoff)) {
      rows += await purge(p.name, t.cutoff, t.tenantId);
    }
  }
  return { rows, partitions: dropped.map((p) => p.name) };
}

/** Free pages handed back per transaction: 1 MiB, a millisecond or so of page moves. */
const RELEASE_PAGES = 256;

/**
 * SQLite created with incremental auto-vacuum (lib/db/connect.ts) hands the pages purges freed back to
 * the file system, a slice at a time; without it (databases created before) freed pages are reused by
 * new rows, so the file stops growing instead of shrinking. Returns the pages released.
 */
export function releaseFreePages(
  release: ((pages: number) => number) | undefined,
  pacer: Pacer,
): Promise<number> {
  if (!release) return Promise.resolve(0);
  return deleteInBatches(pacer, async (_trx, limit) => release(limit), RELEASE_PAGES);
}
