import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import type { Engine } from '../connect';
import type { Executor } from '../repositories/executor';

export type AddressTable = 'signups' | 'transactions';

/** A number inside a JSON text column, as SQL of the engine (NULL when absent). */
function jsonNumber(engine: Engine, column: string, path: (string | number)[]): string {
  if (engine === 'postgres') return `(${column}::json #>> '{${path.join(',')}}')::float8`;
  return `json_extract(${column}, '$${path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('')}')`;
}

/**
 * A case's address as a ~110 m grid key (degrees·1000): for signups the geocoded point when precise
 * (≤ 250 m, not a city centroid) else the coordinates the client sent; for payments the first address's
 * coordinates. Migration 0700 indexes exactly this expression (an expression index, so no column is
 * added and table rebuilds keep working), and queries must use it verbatim to reach the index: changing
 * it needs a new migration.
 */
export function addressKeySql(engine: Engine, table: AddressTable, axis: 'lat' | 'lng'): string {
  const sent =
    table === 'signups'
      ? jsonNumber(engine, 'declared_address', ['address_coordinates', axis])
      : jsonNumber(engine, 'addresses', [0, 'address_coordinates', axis]);
  const value =
    table === 'signups'
      ? `coalesce(case when coalesce(${jsonNumber(engine, 'geocode', ['uncertaintyM'])}, 0) <= 250 then ${jsonNumber(engine, 'geocode', ['point', axis])} end, ${sent})`
      : sent;
  return engine === 'postgres'
    ? `((round(${value} * 1000))::integer)`
    : `(cast(round(${value} * 1000) as integer))`;
}

export const engineOf = (db: Executor): Engine =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';

/** `key between low and high` on the indexed expression of the table's address. */
export function addressKeyBetween(
  db: Executor,
  table: AddressTable,
  axis: 'lat' | 'lng',
  low: number,
  high: number,
): RawBuilder<boolean> {
  const key = sql.raw(addressKeySql(engineOf(db), table, axis));
  return sql<boolean>`${key} between ${low} and ${high}`;
}
