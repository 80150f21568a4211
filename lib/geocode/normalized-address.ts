import type { AddressParts } from './address-parts.ts';
import { houseNumberKey } from './house-number.ts';
import { BR_UF_TO_ADMIN1 } from './region-names.ts';
import type { ResolvedPlace } from './resolve-place.ts';
import type { StreetName } from './street-name.ts';
import { foldText } from './text-normalize.ts';
import type { NormalizedAddress } from './types.ts';

const ADMIN1_TO_UF = Object.fromEntries(Object.entries(BR_UF_TO_ADMIN1).map(([uf, admin1]) => [admin1, uf]));

/** The country an address is normalised for: the resolved one, else the one the parts name. */
export function addressCountry(parts: AddressParts, place: ResolvedPlace | null): string | null {
  return place?.countryCode ?? parts.countryCode;
}

/**
 * Canonical forms for counting distinct declared addresses: "R. Augusta 1500, sao paulo" and
 * "Rua Augusta, 1500 - São Paulo/SP" give the same values. `street` is
 * normalizeStreetName(parts.street, addressCountry(parts, place)), computed once by the caller, which
 * also searches the street index with it.
 */
export function normalizeAddress(
  parts: AddressParts,
  place: ResolvedPlace | null,
  street: StreetName | null,
): NormalizedAddress {
  const countryCode = addressCountry(parts, place);
  let state: string | null = parts.state ? foldText(parts.state) : null;
  if (place?.admin1)
    state = countryCode === 'BR' ? (ADMIN1_TO_UF[place.admin1] ?? place.admin1) : place.admin1;
  const city = place?.city ? foldText(place.city.place.name) : parts.city ? foldText(parts.city) : null;
  let postalCode = place?.postalCode ?? parts.postalCode;
  // ZIP+4 and ZIP name the same delivery area for counting purposes.
  if (postalCode && countryCode === 'US') postalCode = postalCode.slice(0, 5);
  return {
    countryCode: countryCode ?? null,
    state: state || null,
    city: city || null,
    postalCode: postalCode ? postalCode.toUpperCase() : null,
    street: street?.full || null,
    number: parts.number ? houseNumberKey(parts.number) : null,
  };
}
