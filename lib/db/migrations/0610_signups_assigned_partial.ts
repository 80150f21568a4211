import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The console's `signups (tenant_id, assigned_to)` index held every signup, and a new signup is never
 * assigned: each one paid a B-tree insert into it (≈ 1.2 of the 21 WAL frames a signup's commit wrote
 * on SQLite) for an entry no query reads — the queries that use the index ask for one analyst's cases
 * (`assigned_to = ?`), and "unassigned" is most of the tenant, served by the status indexes. Partial on
 * `assigned_to is not null`, it holds only assigned cases, and a new signup's write skips it. Both
 * engines use a partial index for `assigned_to = ?` (the comparison implies not null).
 */
export const signupsAssignedPartialMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('signups_assigned').ifExists().execute();
    await db.schema
      .createIndex('signups_assigned')
      .on('signups')
      .columns(['tenant_id', 'assigned_to'])
      .where(sql.ref('assigned_to'), 'is not', null)
      .execute();
  },
};
