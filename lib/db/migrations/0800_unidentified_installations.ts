import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../connect';

/**
 * Payments and logins whose installation could not be identified used to be stored under the literal
 * installation "unknown", which pooled unrelated payments and linked their accounts to one synthetic
 * device. They are now stored under no installation: the column becomes nullable, and the rows, account
 * links and feedback of that placeholder are moved away (unless a tenant's SDK really reported an
 * installation named "unknown").
 */
export function unidentifiedInstallationsMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // PostgreSQL migrations already run in a transaction; SQLite's do not, and a rebuild must be atomic.
      if (engine === 'postgres') await moveAwayFromPlaceholder(db);
      else await db.transaction().execute(moveAwayFromPlaceholder);
    },
  };

  async function moveAwayFromPlaceholder(db: Kysely<unknown>): Promise<void> {
    if (engine === 'postgres') {
      await sql`alter table transactions alter column installation_id drop not null`.execute(db);
    } else {
      await rebuildSqliteTransactionsWithNullableInstallation(db);
    }
    const noRealInstallation = (table: string) =>
      sql`not exists (select 1 from installations i where i.tenant_id = ${sql.ref(`${table}.tenant_id`)} and i.installation_id = 'unknown')`;
    await sql`update transactions set installation_id = null
        where installation_id = 'unknown' and ${noRealInstallation('transactions')}`.execute(db);
    await sql`update feedbacks set installation_id = null
        where installation_id = 'unknown' and ${noRealInstallation('feedbacks')}`.execute(db);
    await sql`delete from installation_accounts
        where installation_id = 'unknown' and ${noRealInstallation('installation_accounts')}`.execute(db);
  }
}

/**
 * SQLite cannot drop NOT NULL in place: the table is rebuilt from its own current definition (whatever
 * columns other migrations added) with only that constraint removed, then its indexes are recreated.
 */
async function rebuildSqliteTransactionsWithNullableInstallation(db: Kysely<unknown>): Promise<void> {
  const objects = await sql<{ type: string; sql: string }>`
    select type, sql from sqlite_master where tbl_name = 'transactions' and sql is not null`.execute(db);
  const table = objects.rows.find((o) => o.type === 'table');
  if (!table) throw new Error('migration 0800: table transactions not found');
  const constraint = /"installation_id" text not null/i;
  if (!constraint.test(table.sql)) return;
  const rebuilt = table.sql
    .replace(constraint, '"installation_id" text')
    .replace(/^CREATE TABLE "transactions"/i, 'CREATE TABLE "transactions_0800"');
  await sql.raw(rebuilt).execute(db);
  await sql`insert into transactions_0800 select * from transactions`.execute(db);
  await sql`drop table transactions`.execute(db);
  await sql`alter table transactions_0800 rename to transactions`.execute(db);
  for (const index of objects.rows.filter((o) => o.type === 'index')) await sql.raw(index.sql).execute(db);
}
