import { createRequire } from 'node:module';

/**
 * US ZIP and Canadian FSA centroids from npm `zipcodes`. Loaded lazily: the data module is ~5 MB.
 */
export interface PostalPlace {
  lat: number;
  lng: number;
  city: string;
  /** State abbreviation for the US, province name for Canada. */
  state: string;
  countryCode: 'US' | 'CA';
}

interface ZipcodesModule {
  lookup(
    zip: string,
  ): { latitude: number; longitude: number; city: string; state: string; country: string } | undefined;
}

let zipcodes: ZipcodesModule | null = null;

export function lookupPostalCode(countryCode: 'US' | 'CA', postalCode: string): PostalPlace | null {
  zipcodes ??= createRequire(import.meta.url)('zipcodes') as ZipcodesModule;
  const key =
    countryCode === 'US' ? postalCode.slice(0, 5) : postalCode.replace(/\s/g, '').toUpperCase().slice(0, 3);
  const hit = zipcodes.lookup(key);
  if (!hit) return null;
  return { lat: hit.latitude, lng: hit.longitude, city: hit.city, state: hit.state, countryCode };
}
