import type { CaseRef } from '../../contracts/console/entities';
import { distanceMetres } from '../../domain/geo/distance-metres';
import type { LatLng } from '../../domain/location';
import type { Executor } from '../repositories/executor';
import { addressKeyBetween } from './address-key';
import { paymentRefs, signupRefs } from './case-refs';
import { signupAddressPoint } from './signup-address-point';
import { consoleIndexed } from './console-indexed';

/** Two addresses this close are the same place (a building, its neighbours across the street). */
export const SAME_ADDRESS_M = 100;

/** The ±1 cells around a point on the 0.001° grid of the address key (address-key.ts). */
const keyRange = (v: number) => [Math.round(v * 1000) - 1, Math.round(v * 1000) + 1] as const;

/**
 * Signups and payments of the tenant whose address lies within SAME_ADDRESS_M of `point`: an index
 * range on the grid keys, then the exact distance.
 */
export async function casesNearAddress(
  db: Executor,
  tenantId: string,
  point: LatLng,
  limit = 20,
): Promise<CaseRef[]> {
  const [latLo, latHi] = keyRange(point.lat);
  const [lngLo, lngHi] = keyRange(point.lng);
  const [signups, payments] = await Promise.all([
    db
      .selectFrom('signups')
      .select(['id', 'geocode', 'declared_address'])
      .where('tenant_id', '=', tenantId)
      .where(consoleIndexed('signups'))
      .where(addressKeyBetween('lat', latLo, latHi))
      .where(addressKeyBetween('lng', lngLo, lngHi))
      .limit(500)
      .execute(),
    db
      .selectFrom('transactions')
      .select(['id', 'addresses'])
      .where('tenant_id', '=', tenantId)
      .where(consoleIndexed('transactions'))
      .where(addressKeyBetween('lat', latLo, latHi))
      .where(addressKeyBetween('lng', lngLo, lngHi))
      .limit(500)
      .execute(),
  ]);
  const near = (p: LatLng | null) => p !== null && distanceMetres(p, point) <= SAME_ADDRESS_M;
  const signupIds = signups
    .filter((s) => near(signupAddressPoint(s.geocode, s.declared_address)))
    .map((s) => s.id);
  const paymentIds = payments
    .filter((t) => {
      const first = (JSON.parse(t.addresses) as { address_coordinates?: LatLng }[])[0];
      return near(first?.address_coordinates ?? null);
    })
    .map((t) => t.id);
  return [
    ...(await signupRefs(db, tenantId, 'id', signupIds.slice(0, limit))),
    ...(await paymentRefs(db, tenantId, 'id', paymentIds.slice(0, limit))),
  ];
}
