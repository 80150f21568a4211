import type { Kysely } from 'kysely';
import type { GeodataTables } from '../db/schema/geodata.ts';
import { createRemoteGeocoder } from './adapters/remote-geocoder.ts';
import { COUNTRY_CACHE_SIZE, geocodeAddress, TEXT_CACHE_SIZE, type TextAnalysis } from './geocode-address.ts';
import { LruCache } from './lru-cache.ts';
import { streetIndexPresence } from './street-index-presence.ts';
import type { GeocoderConfig } from './geocoder-config.ts';
import type { Geocoder } from './types.ts';

export type { GeocoderConfig } from './geocoder-config.ts';

/**
 * Composition root of the geocoding chain. `db` holds the OSM street index (null: gazetteer only);
 * `config.url` enables the self-hosted geocoder; `fetch` is injectable for tests.
 */
export function createGeocoder(deps: {
  db: Kysely<GeodataTables> | null;
  config: GeocoderConfig;
  fetch?: typeof fetch;
  onSourceError?: (source: string, reason: string) => void;
}): Geocoder {
  const remote = deps.config.url
    ? createRemoteGeocoder({
        kind: deps.config.kind,
        baseUrl: deps.config.url,
        timeoutMs: deps.config.timeoutMs,
        fetch: deps.fetch ?? globalThis.fetch,
      })
    : null;
  const textCache = new LruCache<TextAnalysis>(TEXT_CACHE_SIZE);
  const countryCache = new LruCache<string | null>(COUNTRY_CACHE_SIZE);
  const chain = {
    db: deps.db,
    remote,
    onSourceError: deps.onSourceError,
    textCache,
    countryCache,
    ...(deps.db && { streetIndex: streetIndexPresence(deps.db) }),
  };
  return { geocode: (input) => geocodeAddress(chain, input) };
}
