import { EMPTY_PARTS, type AddressParts } from './address-parts.ts';
import { formatCep } from './brazil-cep.ts';
import { countryCodeFor } from './region-names.ts';
import { splitStreetSegment } from './street-segment.ts';
import { tidyText } from './text-normalize.ts';
import type { StructuredAddress } from './types.ts';

/** Maps a SPEC §2.5 structured_address to parts; a street typed with its number ("Rua X, 12") is split. */
export function partsFromStructured(address: StructuredAddress): AddressParts {
  const countryCode =
    (address.country_code ? countryCodeFor(address.country_code) : null) ??
    (address.country_name ? countryCodeFor(address.country_name) : null);
  let street = tidyText(address.street);
  let number = tidyText(address.number);
  let complements = tidyText(address.complements);
  if (street && !number) {
    const split = splitStreetSegment(street.replace(/,/g, ' '));
    street = split.street;
    number = split.number;
    complements = complements ?? split.complements;
  }
  const postal = tidyText(address.postal_code);
  const cep = postal && countryCode === 'BR' ? formatCep(postal) : null;
  return {
    ...EMPTY_PARTS,
    countryCode,
    state: tidyText(address.state),
    city: tidyText(address.city),
    neighborhood: tidyText(address.neighborhood) ?? tidyText(address.borough),
    street,
    number,
    complements,
    postalCode: cep ?? postal,
    countryHint: countryCode ?? (postal && formatCep(postal) ? 'BR' : null),
  };
}
