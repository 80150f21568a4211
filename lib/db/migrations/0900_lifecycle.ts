import type { Kysely, Migration } from 'kysely';
import { millis } from './column-types';

/** Erasure records and their steps; the erasure mark on signups and transactions. */
export const lifecycleMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('erasures')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('subject_type', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'text')
      .addColumn('subject_digest', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('requested_by', 'text', (c) => c.notNull())
      .addColumn('actor_user_id', 'text')
      .addColumn('requested_at', millis, (c) => c.notNull())
      .addColumn('completed_at', millis)
      .execute();
    await db.schema
      .createIndex('erasures_subject')
      .on('erasures')
      .columns(['tenant_id', 'subject_type', 'subject_digest'])
      .execute();

    await db.schema
      .createTable('erasure_steps')
      .addColumn('erasure_id', 'text', (c) => c.notNull())
      .addColumn('table_name', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('rows', 'integer', (c) => c.notNull())
      .addColumn('at', millis, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('erasure_steps_erasure')
      .on('erasure_steps')
      .columns(['erasure_id'])
      .execute();

    for (const table of ['signups', 'transactions']) {
      await db.schema.alterTable(table).addColumn('erased_at', millis).execute();
    }
  },
};
