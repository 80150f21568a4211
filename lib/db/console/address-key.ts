import { sql, type RawBuilder } from 'kysely';
import type { DeclaredLocation } from '../../domain/address';
import type { LatLng } from '../../domain/location';
import type { Engine } from '../connect';

export type AddressTable = 'signups' | 'transactions';

/** A number inside a JSON text column, as SQL of the engine (NULL when absent). */
function jsonNumber(engine: Engine, column: string, path: (string | number)[]): string {
  if (engine === 'postgres') return `(${column}::json #>> '{${path.join(',')}}')::float8`;
  return `json_extract(${column}, '$${path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('')}')`;
}

/**
 * A case's address as a ~110 m grid key (degrees·1000): for signups the geocoded point when precise
 * (≤ 250 m, not a city centroid) else the coordinates the client sent; for payments the first address's
 * coordinates. Migration 0602 fills the stored `address_cell_*` columns of existing rows with it;
 * new rows get the same key from `signupAddressCell` / `paymentAddressCell`, computed in JavaScript
 * by the repositories (an expression index evaluated six json_extract per inserted signup).
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

/** `key between low and high` on the indexed address cell of the table. */
export function addressKeyBetween(axis: 'lat' | 'lng', low: number, high: number): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(`address_cell_${axis}`)} between ${low} and ${high}`;
}

export interface AddressCell {
  address_cell_lat: number | null;
  address_cell_lng: number | null;
}

const cellOf = (point: LatLng | null | undefined): AddressCell =>
  point
    ? { address_cell_lat: Math.round(point.lat * 1000), address_cell_lng: Math.round(point.lng * 1000) }
    : { address_cell_lat: null, address_cell_lng: null };

/** A signup's address cell: the geocoded point when precise (≤ 250 m), else the coordinates sent. */
export function signupAddressCell(
  declaredAddress: { address_coordinates?: LatLng | null },
  declared: DeclaredLocation | null,
): AddressCell {
  const precise = declared?.point && (declared.uncertaintyM ?? 0) <= 250 ? declared.point : null;
  return cellOf(precise ?? declaredAddress.address_coordinates);
}

/** A payment's address cell: its first address's coordinates. */
export function paymentAddressCell(addresses: readonly unknown[]): AddressCell {
  const first = addresses[0] as { address_coordinates?: LatLng | null } | undefined;
  return cellOf(first?.address_coordinates);
}
