import { sql } from 'kysely';
import type { Engine } from '../connect';
import type { Executor } from '../repositories/executor';

const DAY_MS = 86_400_000;
/** Partitions are created this far ahead of now, so that new events never land in the default one. */
export const PARTITION_AHEAD_DAYS = 7;

/** A partition of location_events: a time range [from, to), or the default one (null bounds). */
export interface EventPartition {
  name: string;
  from: number | null;
  to: number | null;
}

/**
 * Partition width for a retention window: about 30 partitions span the window, one day at least.
 * A partition is dropped when all of it is older than the window, so PostgreSQL holds at most one
 * width more than the window (1 day in 30 by default: the database size stays within a few percent).
 */
export function partitionDays(eventDays: number): number {
  return Math.min(31, Math.max(1, Math.ceil(eventDays / 30)));
}

export async function listEventPartitions(db: Executor): Promise<EventPartition[]> {
  const rows = await sql<{ name: string; bound: string }>`
    select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'location_events'::regclass
    order by c.relname`.execute(db);
  return rows.rows.map((r) => {
    const range = /FROM \('?(-?\d+)'?\) TO \('?(-?\d+)'?\)/.exec(r.bound);
    return { name: r.name, from: range ? Number(range[1]) : null, to: range ? Number(range[2]) : null };
  });
}

const startOfDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const partitionName = (from: number) =>
  `location_events_p${new Date(from).toISOString().slice(0, 10).replaceAll('-', '')}`;

/**
 * PostgreSQL keeps location events in time-range partitions (plus a default one): from the start of
 * the retention window, or the end of the newest partition, to PARTITION_AHEAD_DAYS ahead. Old ones
 * are dropped whole (dropExpiredPartitions). Idempotent; safe from several instances at once.
 */
export async function ensureEventPartitions(
  db: Executor,
  engine: Engine,
  now: number,
  eventDays: number,
): Promise<string[]> {
  if (engine !== 'postgres') return [];
  const existing = await listEventPartitions(db);
  const newestEnd = Math.max(-Infinity, ...existing.flatMap((p) => (p.to === null ? [] : [p.to])));
  const width = partitionDays(eventDays) * DAY_MS;
  const created: string[] = [];
  for (
    let from = Math.max(newestEnd, startOfDay(now - eventDays * DAY_MS));
    from < now + PARTITION_AHEAD_DAYS * DAY_MS;
    from += width
  ) {
    const name = partitionName(from);
    try {
      await sql`create table if not exists ${sql.id(name)} partition of location_events for values from (${sql.lit(from)}) to (${sql.lit(from + width)})`.execute(
        db,
      );
      created.push(name);
    } catch (error) {
      // Rows of that range sit in the default partition (they are purged there), or a racing instance won.
      if (!isPartitionConflict(error)) throw error;
    }
  }
  return created;
}

function isPartitionConflict(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  // 23514: the default partition holds rows of the range; 42P07: the relation exists; 42P17: a racing
  // instance's partition overlaps; 23505: concurrent catalog insert.
  return code === '23514' || code === '42P07' || code === '42P17' || code === '23505';
}

/**
 * Detaches and drops every partition entirely older than `cutoff`. Each drop takes the parent's lock
 * for an instant; a lock that cannot be had within 2 s (a long query holds it) leaves the partition
 * to the next run instead of stalling ingestion behind the wait. Returns the partitions dropped and
 * the rows PostgreSQL's statistics estimate they held.
 */
export async function dropExpiredPartitions(
  db: Executor,
  cutoff: number,
): Promise<{ name: string; rows: number }[]> {
  const expired = (await listEventPartitions(db)).filter((p) => p.to !== null && p.to <= cutoff);
  const dropped: { name: string; rows: number }[] = [];
  for (const p of expired) {
    try {
      const rows = await db.transaction().execute(async (trx) => {
        const estimate = await sql<{ n: number }>`
          select greatest(reltuples, 0)::bigint as n from pg_class where oid = ${p.name}::regclass`.execute(
          trx,
        );
        await sql`set local lock_timeout = '2s'`.execute(trx);
        await sql`alter table location_events detach partition ${sql.id(p.name)}`.execute(trx);
        await sql`drop table ${sql.id(p.name)}`.execute(trx);
        return Number(estimate.rows[0]?.n ?? 0);
      });
      dropped.push({ name: p.name, rows });
    } catch (error) {
      if ((error as { code?: string }).code !== '55P03') throw error;
    }
  }
  return dropped;
}

/**
 * Deletes up to `limit` rows older than `before` (of one tenant, or all) from one partition, found by
 * their physical row ids: the partitioned table has no key of its own to page by.
 */
export async function deletePartitionRows(
  db: Executor,
  partition: string,
  before: number,
  tenantId: string | null,
  limit: number,
): Promise<number> {
  const tenant = tenantId === null ? sql`` : sql`and tenant_id = ${tenantId}`;
  const result = await sql`
    delete from ${sql.id(partition)} where ctid = any(array(
      select ctid from ${sql.id(partition)} where ts < ${before} ${tenant} limit ${limit}))`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
