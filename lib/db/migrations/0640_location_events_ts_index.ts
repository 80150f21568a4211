import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../connect';

/**
 * SQLite's `location_events (ts)` index served only retention's purge, and cost every ingested event
 * a B-tree insert at a random page (a batch spans hours to weeks of history): with it, committing a
 * 1,000-event batch wrote several times the pages of the rows themselves. Retention now walks the
 * (tenant_id, installation_id, ts) index instead (lib/db/retention/purge-sqlite-events.ts). Migration
 * 0910 no longer creates the index (on a fresh database this migration runs first); where it did, it
 * is dropped here. PostgreSQL never had it (its events are partitioned by ts).
 */
export function locationEventsTsIndexMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'sqlite') await db.schema.dropIndex('location_events_ts').ifExists().execute();
    },
  };
}
