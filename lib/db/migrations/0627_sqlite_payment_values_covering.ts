import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../connect';

/**
 * SQLite: `transactions_installation` carries each row's type and payment value after its key
 * (tenant, installation, created_at, unchanged), so that a payment's history reads the installation's
 * payment values from the index alone (transaction-repo.ts, `paymentValuesQuery`). On the key alone
 * SQLite fetched every earlier transaction's row from the table, a B-tree search each, on every
 * payment of the installation: 8.5 → 5.5 µs the values alone, at the bench's 3.5 payments an
 * installation, and more the more an installation pays (docs/BENCHMARKS.md, "SQLite payment, tenth
 * capacity session"). The index's other readers use its key as before. PostgreSQL keeps its own.
 */
export function sqlitePaymentValuesCoveringMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'sqlite') return;
      await db.schema.dropIndex('transactions_installation').execute();
      await db.schema
        .createIndex('transactions_installation')
        .on('transactions')
        .columns(['tenant_id', 'installation_id', 'created_at', 'type', 'payment_value'])
        .execute();
    },
  };
}
