import { sql, type QueryCreator } from 'kysely';
import type { Database } from '../schema';
import { compiledFamily } from './compiled-statement';
import { transactionValues, type NewTransactionRow } from './transaction-values';

type RecordedArgs = NewTransactionRow & { resolutions: number[]; cells: string[] };

/**
 * PostgreSQL: a new transaction and what storing it changes in ONE statement, a data-modifying CTE:
 * the account linked to the installation (when the transaction has one: the upsert of
 * `installation-repo.ts`'s `linkAccount`, whose `first_seen_at` it returns) and the payment counted in
 * the areas of its addresses (`cells`, one upsert per cell as `area-stats-repo.ts`'s `countPayment`;
 * none for a login). Inside the caller's transaction that is one round trip where the three writes
 * took three: a round trip costs both processes a socket write, a wake-up and a protocol pass, more
 * than these writes themselves. SQLite runs the three writes (transaction-repo.ts).
 *
 * `unlessNewLink`: the writes happen only when they link no new account (the transaction has no
 * installation, or its account is linked to it already), which leaves the device graph as it was and
 * arms nothing: the statement is then the transaction's whole write, a transaction of its own without
 * BEGIN and COMMIT. Otherwise it writes nothing (`written` 0) and the caller writes the transaction and
 * the reassessments the new account arms in one transaction. This shape always answers one row.
 */
export type RecordedTransactionShape = 'plain' | 'unlessNewLink';

export const insertRecordedTransaction = compiledFamily(
  (shape: RecordedTransactionShape) => (db: QueryCreator<Database>, a: RecordedArgs) => {
    const conditional = shape === 'unlessNewLink';
    const noNewLink = sql<boolean>`(${a.installation_id}::text is null or exists (
      select 1 from installation_accounts k where k.tenant_id = ${a.tenant_id}
      and k.installation_id = ${a.installation_id} and k.account_id = ${a.account_id}))`;
    const andNoNewLink = conditional ? sql` and ${noNewLink}` : sql``;
    const whereNoNewLink = conditional ? sql` where ${noNewLink}` : sql``;
    const values = transactionValues(a);
    const columns = Object.keys(values) as (keyof typeof values)[];
    const statement = db
      .with('recorded', (w) =>
        conditional
          ? // PostgreSQL types the SELECT's parameters by the columns they are inserted into, as in VALUES.
            w
              .insertInto('transactions')
              .columns(columns)
              .expression(
                w.selectNoFrom((eb) => columns.map((c) => eb.val(values[c]).as(c))).where(noNewLink),
              )
              .returning('id')
          : w.insertInto('transactions').values(values),
      )
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
              where ${a.installation_id}::text is not null${andNoNewLink}`,
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
              from unnest(${a.resolutions}::integer[], ${a.cells}::text[]) as c(resolution, cell)${whereNoNewLink}`,
          )
          .onConflict((oc) =>
            oc
              .columns(['tenant_id', 'resolution', 'cell'])
              .doUpdateSet((eb) => ({ payments: eb(eb.ref('area_chargebacks.payments'), '+', 1) })),
          ),
      );
    if (!conditional) return statement.selectFrom('linked').select('first_seen_at');
    return statement.selectNoFrom([
      sql<string | null>`(select first_seen_at from linked)`.as('first_seen_at'),
      sql<number>`(select count(*) from recorded)`.as('written'),
    ]);
  },
);
