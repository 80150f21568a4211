import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../connect';

/**
 * SQLite: `transactions_installation` on its key alone, (tenant_id, installation_id, created_at), where
 * migration 0627 had widened it with type and payment value (see 0627: the wider index cost more page
 * splits, and so more whole page-cache walks at COMMIT, than the reads it saved). Only a database that
 * ran 0627 has the wide one; others are left as they are.
 */
export function sqliteTransactionsInstallationNarrowMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'sqlite') return;
      const columns = await sql<{ name: string }>`
        select name from pragma_index_info('transactions_installation')`.execute(db);
      if (columns.rows.length <= 3) return;
      await db.schema.dropIndex('transactions_installation').execute();
      await db.schema
        .createIndex('transactions_installation')
        .on('transactions')
        .columns(['tenant_id', 'installation_id', 'created_at'])
        .execute();
    },
  };
}
