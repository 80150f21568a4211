import type { AddressParts } from './address-parts.ts';
import { houseNumberKey } from './house-number.ts';
import { BR_UF_TO_ADMIN1 } from './region-names.ts';
import type { ResolvedPlace } from './resolve-place.ts';
import { normalizeStreetName } from './street-name.ts';
import { foldText } from './text-normalize.ts';
import type { NormalizedAddress } from './types.ts';

const ADMIN1_TO_UF = Object.fromEntries(Object.entries(BR_UF_TO_ADMIN1).map(([uf, admin1]) => [admin1, uf]));

/**
 * Canonical forms for counting distinct declared addresses: "R. Augusta 1500, sao paulo" and
 * "Rua Augusta, 1500 - São Paulo/SP" give the same values.
 */
export function normalizeAddress(parts: AddressParts, place: ResolvedPlace | null): NormalizedAddress {
  const countryCode = place?.countryCode ?? parts.countryCode;
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
    street: parts.street ? normalizeStreetName(parts.street, countryCode).full || null : null,
    number: parts.number ? houseNumberKey(parts.number) : null,
  };
}
