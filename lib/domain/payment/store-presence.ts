import type { LastFix } from '../fingerprint/location-fingerprint';
import { distanceMetres } from '../geo/distance-metres';
import type { LatLng } from '../location';

/** The device is at the store when its fix is within this many metres (indoor GPS/wifi error included)… */
export const AT_STORE_RADIUS_M = 200;
/** …and no older than this; an older fix says where the device was, not where it pays. */
export const STORE_FIX_MAX_AGE_MS = 30 * 60_000;
/** A fresh fix farther than this from the store contradicts an in-store payment. */
export const STORE_MISMATCH_M = 2_000;

export interface InStore {
  storeId: string | null;
  point: LatLng;
}

export interface StorePresence {
  store_id?: string;
  distance_to_store?: number;
  device_at_store: boolean;
}

export function storePresence(
  store: InStore,
  current: LastFix | null,
  now: number,
): StorePresence & { awayFromStore: boolean } {
  const fresh = current !== null && now - current.ts <= STORE_FIX_MAX_AGE_MS;
  const d = current ? distanceMetres(current, store.point) : null;
  return {
    ...(store.storeId ? { store_id: store.storeId } : {}),
    ...(d !== null ? { distance_to_store: Math.round(d * 10) / 10 } : {}),
    device_at_store: fresh && d !== null && d <= AT_STORE_RADIUS_M,
    awayFromStore: fresh && d !== null && d > STORE_MISMATCH_M,
  };
}
