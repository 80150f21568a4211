import { sql } from 'kysely';
import { compileStatement } from './compiled-statement';
import { transactionValues, type NewTransactionRow } from './transaction-values';

/**
 * PostgreSQL: a new transaction and what storing it changes in ONE statement, a data-modifying CTE:
 * the account linked to the installation (when the transaction has one: the upsert of
 * `installation-repo.ts`'s `linkAccount`, whose `first_seen_at` it returns) and the payment counted in
 * the areas of its addresses (`cells`, one upsert per cell as `area-stats-repo.ts`'s `countPayment`;
 * none for a login). Inside the caller's transaction that is one round trip where the three writes
 * took three: a round trip costs both processes a socket write, a wake-up and a protocol pass, more
 * than these writes themselves. SQLite runs the three writes (transaction-repo.ts).
 */
export const insertRecordedTransaction = compileStatement(
  (db, a: NewTransactionRow & { resolutions: number[]; cells: string[] }) =>
    db
      .with('recorded', (w) => w.insertInto('transactions').values(transactionValues(a)))
      .with('linked', (w) =>
        w
          .insertInto('installation_accounts')
          .columns([
            'tenant_id',
            'installation_id',
            'account_id',
            'device_id',
            'first_seen_at',
            'last_seen_at',
          ])
          .expression(
            sql`select ${a.tenant_id}::text, ${a.installation_id}::text, ${a.account_id}::text,
              ${a.device_id}::text, ${a.created_at}::bigint, ${a.created_at}::bigint
              where ${a.installation_id}::text is not null`,
          )
          .onConflict((oc) =>
            oc
              .columns(['tenant_id', 'installation_id', 'account_id'])
              .doUpdateSet((eb) => ({ last_seen_at: eb.ref('excluded.last_seen_at') })),
          )
          .returning('first_seen_at'),
      )
      .with('counted', (w) =>
        w
          .insertInto('area_chargebacks')
          .columns(['tenant_id', 'resolution', 'cell', 'payments', 'chargebacks'])
          .expression(
            sql`select ${a.tenant_id}::text, c.resolution, c.cell, 1, 0
              from unnest(${a.resolutions}::integer[], ${a.cells}::text[]) as c(resolution, cell)`,
          )
          .onConflict((oc) =>
            oc
              .columns(['tenant_id', 'resolution', 'cell'])
              .doUpdateSet((eb) => ({ payments: eb(eb.ref('area_chargebacks.payments'), '+', 1) })),
          ),
      )
      .selectFrom('linked')
      .select('first_seen_at'),
);
