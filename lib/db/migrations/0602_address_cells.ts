import { sql, type Kysely, type Migration } from 'kysely';
import { addressKeySql, type AddressTable } from '../console/address-key';
import type { Engine } from '../connect';

/**
 * The console's address-reuse index becomes two stored integer columns written by the repositories,
 * instead of migration 0700's expression index: SQLite evaluated its six json_extract on every signup
 * insert (≈ 110 µs of a signup's CPU) for a query only the console runs. Existing rows get the same
 * key from the same expression. Migration 0700 no longer creates the expression index (on a fresh
 * database this migration runs first); on one where it did, it is dropped here.
 */
export function addressCellsMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ['signups', 'transactions'] as const satisfies readonly AddressTable[]) {
        await db.schema.alterTable(table).addColumn('address_cell_lat', 'integer').execute();
        await db.schema.alterTable(table).addColumn('address_cell_lng', 'integer').execute();
        const key = (axis: 'lat' | 'lng') => sql.raw(addressKeySql(engine, table, axis));
        await sql`update ${sql.table(table)} set address_cell_lat = ${key('lat')}, address_cell_lng = ${key('lng')}`.execute(
          db,
        );
        await db.schema.dropIndex(`${table}_address_key`).ifExists().execute();
        await db.schema
          .createIndex(`${table}_address_cell`)
          .on(table)
          .columns(['tenant_id', 'address_cell_lat', 'address_cell_lng'])
          .execute();
      }
    },
  };
}
