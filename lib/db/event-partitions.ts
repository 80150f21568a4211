import { sql } from 'kysely';
import type { DatabaseHandle } from './connect';

const MONTHS_BACK = 3;
const MONTHS_AHEAD = 2;

/**
 * PostgreSQL keeps location events in monthly range partitions (plus a default one). Events older than
 * 90 days are rejected at ingestion, so the months from three back to two ahead hold everything new;
 * old months can be detached and dropped whole. Idempotent; safe from several instances at once.
 */
export async function ensureEventPartitions(handle: DatabaseHandle, now: number): Promise<string[]> {
  if (handle.engine !== 'postgres') return [];
  const created: string[] = [];
  const start = new Date(now);
  for (let offset = -MONTHS_BACK; offset <= MONTHS_AHEAD; offset += 1) {
    const from = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + offset, 1);
    const to = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + offset + 1, 1);
    const d = new Date(from);
    const name = `location_events_${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    try {
      await sql`create table if not exists ${sql.id(name)} partition of location_events for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(
        handle.db,
      );
      created.push(name);
    } catch (error) {
      // Rows for that month already sit in the default partition (or a racing instance won): keep going.
      if (!isPartitionConflict(error)) throw error;
    }
  }
  return created;
}

function isPartitionConflict(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  // 23514: default partition holds rows of the range; 42P07: relation exists; 23505: concurrent catalog insert.
  return code === '23514' || code === '42P07' || code === '23505';
}
