/**
 * The geocoding contract the rest of Locus calls. Levels and qualities follow SPEC §2.4
 * (`address_match`, `geocode_quality`, `address_quality`); docs/GEOCODING.md says how each is decided.
 */
import type { AddressMatch, AddressQuality, DeclaredLocation, GeocodeQuality } from '../domain/address.ts';

export interface StructuredAddress {
  locale?: string | null;
  country_name?: string | null;
  country_code?: string | null;
  state?: string | null;
  city?: string | null;
  borough?: string | null;
  neighborhood?: string | null;
  street?: string | null;
  number?: string | null;
  complements?: string | null;
  postal_code?: string | null;
}

export interface AddressInput {
  addressLine?: string | null;
  structured?: StructuredAddress | null;
  coordinates?: { lat: number; lng: number } | null;
}

export type { AddressMatch };

export type GeocodeSource = 'coordinates' | 'osm' | 'gazetteer' | 'nominatim' | 'pelias' | 'photon' | 'none';

/** The parts that tell one declared address from another: the domain's own shape, not a copy of it. */
export type NormalizedAddress = DeclaredLocation['normalized'];

export interface GeocodeResult {
  /** null when nothing matched. */
  point: { lat: number; lng: number } | null;
  /** Radius in metres of where the address can be. */
  uncertaintyM: number | null;
  /** Finest level actually matched. */
  addressMatch: AddressMatch;
  /** good only when uncertainty <= GOOD_UNCERTAINTY_M (250 m). */
  geocodeQuality: GeocodeQuality;
  /** Completeness and consistency of the input, not of the match. */
  addressQuality: AddressQuality;
  source: GeocodeSource;
  /** Used to count different declared addresses / cities / streets / zip codes. */
  normalized: NormalizedAddress;
}

export interface Geocoder {
  geocode(input: AddressInput): Promise<GeocodeResult>;
}

/** A place one source found, before the chain picks the finest. */
export interface SourceMatch {
  point: { lat: number; lng: number };
  uncertaintyM: number;
  addressMatch: Exclude<AddressMatch, 'no_match'>;
  source: Exclude<GeocodeSource, 'coordinates' | 'none'>;
}
