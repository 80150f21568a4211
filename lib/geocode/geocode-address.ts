import { iso1A2Code } from '@rapideditor/country-coder';
import type { Kysely } from 'kysely';
import type { GeodataTables } from '../db/schema/geodata.ts';
import { finerMatch, geocodeQualityFor } from './address-levels.ts';
import { EMPTY_PARTS, hasAnyPart, type AddressParts } from './address-parts.ts';
import { gradeAddress } from './address-quality.ts';
import type { RemoteGeocoder } from './adapters/remote-geocoder.ts';
import { distanceM } from './geo-distance.ts';
import { addressCountry, normalizeAddress } from './normalized-address.ts';
import { parseAddressLine } from './parse-address-line.ts';
import { resolvePlace, type ResolvedPlace } from './resolve-place.ts';
import type { LruCache } from './lru-cache.ts';
import { findStreet } from './street-index.ts';
import type { StreetIndexPresence } from './street-index-presence.ts';
import { normalizeStreetName, type StreetName } from './street-name.ts';
import { partsFromStructured } from './structured-parts.ts';
import { tidyText } from './text-normalize.ts';
import type { AddressInput, GeocodeResult, SourceMatch } from './types.ts';

/** Declared coordinates are taken as exact within this radius. */
const COORDINATES_UNCERTAINTY_M = 10;
/** Streets are searched this far around the city point or postal-code centroid. */
const STREET_SEARCH_RADIUS_M = 30_000;

export interface ChainDeps {
  db: Kysely<GeodataTables> | null;
  remote: RemoteGeocoder | null;
  onSourceError?: (source: string, reason: string) => void;
  /** What each declared text says (TextAnalysis), by text. */
  textCache?: LruCache<TextAnalysis>;
  /** The country of declared coordinates (ISO alpha-2, null at sea), by their exact `lat,lng`. */
  countryCache?: LruCache<string | null>;
  /** Whether `db`'s street index holds any street: an empty one is not searched. */
  streetIndex?: StreetIndexPresence;
}

function validCoordinates(c: AddressInput['coordinates']): { lat: number; lng: number } | null {
  if (!c || !Number.isFinite(c.lat) || !Number.isFinite(c.lng)) return null;
  return Math.abs(c.lat) <= 90 && Math.abs(c.lng) <= 180 ? { lat: c.lat, lng: c.lng } : null;
}

async function streetMatch(
  deps: ChainDeps,
  parts: AddressParts,
  street: StreetName | null,
  place: ResolvedPlace,
): Promise<SourceMatch | null> {
  const anchor =
    place.match && ['city', 'postal_code', 'neighborhood'].includes(place.match.addressMatch)
      ? place.match.point
      : null;
  if (!deps.db || !street || !anchor) return null;
  try {
    if (deps.streetIndex && !(await deps.streetIndex.holdsStreets())) return null;
    return await findStreet(deps.db, {
      street,
      number: parts.number,
      anchor: place.city ? { lat: place.city.place.lat, lng: place.city.place.lng } : anchor,
      radiusM: STREET_SEARCH_RADIUS_M,
    });
  } catch (error) {
    // An unmigrated or unreachable street index degrades to the gazetteer.
    deps.onSourceError?.('osm', error instanceof Error ? error.message : String(error));
    return null;
  }
}

/**
 * The country the coordinates lie in. A point-in-polygon search over every country (≈ 25 µs) on each
 * request otherwise: a device re-declaring its home and a payment's shipping address send the same
 * coordinates again and again.
 */
function countryAt(deps: ChainDeps, coordinates: { lat: number; lng: number }): string | null {
  const key = `${coordinates.lat},${coordinates.lng}`;
  const cached = deps.countryCache?.get(key);
  if (cached !== undefined) return cached;
  const country = iso1A2Code([coordinates.lng, coordinates.lat]);
  deps.countryCache?.set(key, country);
  return country;
}

/** Declared coordinates far from where the text points (or in another country) make the input inconsistent. */
function contradicts(
  deps: ChainDeps,
  coordinates: { lat: number; lng: number },
  place: ResolvedPlace,
  text: SourceMatch | null,
): boolean {
  const country = place.countryCode ? countryAt(deps, coordinates) : null;
  if (country && place.countryCode && country !== place.countryCode) return true;
  return text !== null && distanceM(coordinates, text.point) > Math.max(50_000, 3 * text.uncertaintyM);
}

const DOWNGRADE = { good: 'medium', medium: 'poor', poor: 'poor' } as const;

/** What the declared text alone says, whatever the coordinates: parsed, placed, normalised, graded, matched locally. */
export interface TextAnalysis {
  line: string | null;
  parts: AddressParts;
  place: ResolvedPlace | null;
  normalized: GeocodeResult['normalized'];
  addressQuality: GeocodeResult['addressQuality'];
  /** The finest match of the local sources (street index, gazetteer). */
  local: SourceMatch | null;
}

/** Texts remembered: a device re-declaring its address, a retried request, a farm declaring one address. */
export const TEXT_CACHE_SIZE = 10_000;
/** Declared coordinates whose country is remembered (a few dozen bytes each). */
export const COUNTRY_CACHE_SIZE = 10_000;

async function analyseText(deps: ChainDeps, input: AddressInput): Promise<TextAnalysis> {
  const line = tidyText(input.addressLine);
  const key = line
    ? `line:${line}`
    : input.structured
      ? `structured:${JSON.stringify(input.structured)}`
      : '';
  const cached = key ? deps.textCache?.get(key) : undefined;
  if (cached) return cached;
  const parts = line
    ? parseAddressLine(line)
    : input.structured
      ? partsFromStructured(input.structured)
      : EMPTY_PARTS;
  const place = hasAnyPart(parts) ? resolvePlace(parts) : null;
  // Normalised once: the counting form and the street-index search both use it.
  const street = parts.street ? normalizeStreetName(parts.street, addressCountry(parts, place)) : null;
  const local = place ? finerMatch(await streetMatch(deps, parts, street, place), place.match) : null;
  const analysis: TextAnalysis = {
    line,
    parts,
    place,
    normalized: normalizeAddress(parts, place, street),
    addressQuality: place ? gradeAddress(parts, place) : 'poor',
    local,
  };
  if (key) deps.textCache?.set(key, analysis);
  return analysis;
}

/**
 * The geocoding chain (docs/GEOCODING.md): coordinates → self-hosted geocoder → OSM street index →
 * embedded gazetteer; the finest level wins, ties go to the earlier source. Never throws for a source
 * that fails: it is skipped and the result is coarser. What the text says is computed once per text
 * (`textCache`); declared coordinates then only decide the point and whether they contradict it.
 */
export async function geocodeAddress(deps: ChainDeps, input: AddressInput): Promise<GeocodeResult> {
  const text = await analyseText(deps, input);
  const { line, parts, place, normalized, local } = text;
  let addressQuality = text.addressQuality;
  const coordinates = validCoordinates(input.coordinates);

  let remote: SourceMatch | null = null;
  if (place && deps.remote && !coordinates) {
    const outcome = await deps.remote.lookup({ parts, countryCode: place.countryCode, line });
    if (outcome.kind === 'found') remote = outcome.match;
    if (outcome.kind === 'failed') deps.onSourceError?.('remote', outcome.reason);
  }
  // The remote answer first: on a tie the earlier source wins (finerMatch).
  const best = finerMatch(remote, local);

  if (coordinates) {
    if (place && contradicts(deps, coordinates, place, best)) addressQuality = DOWNGRADE[addressQuality];
    return {
      point: coordinates,
      uncertaintyM: COORDINATES_UNCERTAINTY_M,
      addressMatch: best?.addressMatch ?? 'no_match',
      geocodeQuality: 'good',
      addressQuality,
      source: 'coordinates',
      normalized,
    };
  }
  if (!best) {
    return {
      point: null,
      uncertaintyM: null,
      addressMatch: 'no_match',
      geocodeQuality: 'poor',
      addressQuality,
      source: 'none',
      normalized,
    };
  }
  const uncertaintyM = Math.round(best.uncertaintyM);
  return {
    point: best.point,
    uncertaintyM,
    addressMatch: best.addressMatch,
    geocodeQuality: geocodeQualityFor(uncertaintyM),
    addressQuality,
    source: best.source,
    normalized,
  };
}
