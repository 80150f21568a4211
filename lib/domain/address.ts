import type { LatLng } from './location';

export const ADDRESS_MATCHES = [
  'postal_code',
  'country',
  'state',
  'city',
  'neighborhood',
  'street',
  'number',
  'no_match',
] as const;
export type AddressMatch = (typeof ADDRESS_MATCHES)[number];
export type GeocodeQuality = 'good' | 'poor';
export type AddressQuality = 'good' | 'medium' | 'poor';

/** Where a declared address is, and how precisely we know it (the geocoder's honest answer). */
export interface DeclaredLocation {
  point: LatLng | null;
  /** Radius in metres within which the address lies; null when unknown. */
  uncertaintyM: number | null;
  addressMatch: AddressMatch;
  geocodeQuality: GeocodeQuality;
  addressQuality: AddressQuality;
  /** Parts used to tell one declared address from another. */
  normalized: {
    countryCode: string | null;
    state: string | null;
    city: string | null;
    postalCode: string | null;
    street: string | null;
    number: string | null;
  };
}

/** A key that is equal for two declarations of the same address, however they were typed. */
export function declaredAddressKey(location: DeclaredLocation): string | null {
  const n = location.normalized;
  const parts = [n.countryCode, n.city, n.street, n.number, n.postalCode].map((p) => (p ?? '').toLowerCase());
  if (parts.some((p) => p !== '')) return parts.join('|');
  if (!location.point) return null;
  // Without text, coordinates rounded to ~11 m identify the address.
  return `@${location.point.lat.toFixed(4)},${location.point.lng.toFixed(4)}`;
}

/**
 * Beyond this uncertainty (m) the geocoder knows the area, not the address: a postal-code or city
 * centroid, a country, a 10 km street. Such a point must not be judged by distance — a typo resolved
 * to a same-name city 11,800 km away would read as a fraudster 11,800 km from home.
 */
export const COARSE_GEOCODE_M = 2_500;
const PRECISE_MATCHES: readonly AddressMatch[] = ['number', 'street', 'neighborhood'];

/** The declared point is too coarse (or missing) to measure the device's distance from the address. */
export function coarseGeocode(location: DeclaredLocation): boolean {
  if (!location.point) return true;
  if (location.uncertaintyM === null) return !PRECISE_MATCHES.includes(location.addressMatch);
  return location.uncertaintyM > COARSE_GEOCODE_M;
}
