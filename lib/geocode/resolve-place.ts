import { createRequire } from 'node:module';
import { distanceM } from './geo-distance.ts';
import { DEFAULT_UNCERTAINTY_M, finerMatch } from './address-levels.ts';
import type { AddressParts } from './address-parts.ts';
import { formatCep, stateForCep } from './brazil-cep.ts';
import {
  admin1For,
  admin1Name,
  countriesOfCity,
  countryExtent,
  findCity,
  findNeighborhood,
  stateExtent,
  type CityMatch,
} from './gazetteer.ts';
import { lookupPostalCode } from './postal-lookup.ts';
import { BR_UF_TO_ADMIN1 } from './region-names.ts';
import type { SourceMatch } from './types.ts';

/**
 * What the embedded data (GeoNames gazetteer, US/CA postal codes, CEP ranges) says about the parts:
 * the country, state and city they name, the finest place found, and the inconsistencies noticed.
 */
export interface ResolvedPlace {
  countryCode: string | null;
  admin1: string | null;
  stateName: string | null;
  city: CityMatch | null;
  postalCode: string | null;
  /** null when there is no postal code or no rule for the country. */
  postalValid: boolean | null;
  inconsistent: boolean;
  /** Finest gazetteer-level match, or null. */
  match: SourceMatch | null;
}

const POSTAL_CITY_TOLERANCE_M = 50_000;

const validatePostal = (
  createRequire(import.meta.url)('postal-codes-js') as { validate(cc: string, code: string): true | string }
).validate;

/** Country from what the parts say, else from where their city exists; BR then US break ties. */
function countryOf(parts: AddressParts): string | null {
  if (parts.countryCode) return parts.countryCode;
  if (parts.countryHint) return parts.countryHint;
  const state = parts.state?.toUpperCase() ?? '';
  const fromCity = parts.city ? [...countriesOfCity(parts.city)] : [];
  const fitting = parts.state ? fromCity.filter((cc) => admin1For(cc, parts.state ?? '') !== null) : fromCity;
  if (fitting.length === 1) return fitting[0] ?? null;
  for (const preferred of ['BR', 'US']) if (fitting.includes(preferred)) return preferred;
  if (state in BR_UF_TO_ADMIN1) return 'BR';
  if (parts.state && admin1For('US', parts.state)) return 'US';
  return fitting[0] ?? null;
}

export function resolvePlace(parts: AddressParts): ResolvedPlace {
  const countryCode = countryOf(parts);
  let inconsistent = false;
  let admin1 = countryCode && parts.state ? admin1For(countryCode, parts.state) : null;
  let match: SourceMatch | null = null;

  let postalCode = parts.postalCode;
  let postalValid: boolean | null = null;
  if (postalCode && countryCode) {
    if (countryCode === 'BR') postalCode = formatCep(postalCode) ?? postalCode;
    const verdict = validatePostal(countryCode, postalCode);
    postalValid = verdict === true ? true : verdict.startsWith('Unknown') ? null : false;
  }
  if (postalCode && postalValid && countryCode === 'BR') {
    const uf = stateForCep(postalCode);
    const cepAdmin1 = uf ? (BR_UF_TO_ADMIN1[uf] ?? null) : null;
    if (admin1 && cepAdmin1 && admin1 !== cepAdmin1) inconsistent = true;
    admin1 ??= cepAdmin1;
  }
  if (postalCode && postalValid && (countryCode === 'US' || countryCode === 'CA')) {
    const place = lookupPostalCode(countryCode, postalCode);
    if (place) {
      const zipAdmin1 = admin1For(countryCode, place.state);
      if (admin1 && zipAdmin1 && admin1 !== zipAdmin1) inconsistent = true;
      admin1 ??= zipAdmin1;
      const uncertaintyM = countryCode === 'US' ? DEFAULT_UNCERTAINTY_M.postal_code : 8_000;
      match = finerMatch(match, {
        point: { lat: place.lat, lng: place.lng },
        uncertaintyM,
        addressMatch: 'postal_code',
        source: 'gazetteer',
      });
    }
  }

  let city: CityMatch | null = null;
  if (parts.city) {
    const postalPoint = match?.addressMatch === 'postal_code' ? match.point : null;
    city = findCity(parts.city, countryCode, admin1, postalPoint);
    // A city that exists, but not in the declared state, is an inconsistency, not a miss.
    if (!city && admin1) {
      city = findCity(parts.city, countryCode, null);
      if (city) inconsistent = true;
    }
  }
  // A postal code far from the declared city contradicts it (ZIP of New York, city Springfield).
  if (
    city &&
    match?.addressMatch === 'postal_code' &&
    distanceM(match.point, city.place) > POSTAL_CITY_TOLERANCE_M
  )
    inconsistent = true;
  if (city) {
    const uncertaintyM = Math.max(DEFAULT_UNCERTAINTY_M.city, city.ambiguityM);
    match = finerMatch(match, {
      point: { lat: city.place.lat, lng: city.place.lng },
      uncertaintyM,
      addressMatch: 'city',
      source: 'gazetteer',
    });
    admin1 ??= city.ambiguityM === 0 ? city.place.admin1 : null;
    const neighborhood = parts.neighborhood ? findNeighborhood(parts.neighborhood, city.place) : null;
    if (neighborhood) {
      match = finerMatch(match, {
        point: { lat: neighborhood.lat, lng: neighborhood.lng },
        uncertaintyM: DEFAULT_UNCERTAINTY_M.neighborhood,
        addressMatch: 'neighborhood',
        source: 'gazetteer',
      });
    }
  }
  const state = countryCode && admin1 ? stateExtent(countryCode, admin1) : null;
  if (state)
    match = finerMatch(match, {
      point: { lat: state.lat, lng: state.lng },
      uncertaintyM: state.radiusM,
      addressMatch: 'state',
      source: 'gazetteer',
    });
  const country = countryCode && parts.countryCode ? countryExtent(countryCode) : null;
  if (country)
    match = finerMatch(match, {
      point: { lat: country.lat, lng: country.lng },
      uncertaintyM: country.radiusM,
      addressMatch: 'country',
      source: 'gazetteer',
    });

  return {
    countryCode,
    admin1,
    stateName: countryCode && admin1 ? admin1Name(countryCode, admin1) : null,
    city,
    postalCode,
    postalValid,
    inconsistent,
    match,
  };
}
