import type { Kysely, Migration } from 'kysely';

/**
 * Every write of a stored fingerprint gets a revision of its own (fingerprint-repo.ts), so that
 * ingestion can ask whether the row still holds the fingerprint it kept from the last batch without
 * reading the row's text: at the cell cap that text is ~340 KB, read, decoded and compared on every
 * batch. Rows written before have none (null), which matches nothing: their text is read as before.
 */
export const fingerprintRevisionMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('location_fingerprints').addColumn('revision', 'text').execute();
  },
};
