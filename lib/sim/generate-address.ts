import type { City } from './city';
import { COUNTRIES } from './city';
import { roundCoordinates } from './geo';
import type { Random } from './random';
import type { Address, LatLng, StructuredAddress } from './types';

function postalCode(random: Random, city: City): string {
  const code = random.int(city.postalRange[0], city.postalRange[1]);
  if (city.countryCode === 'US') return String(code).padStart(5, '0');
  const digits = String(code).padStart(8, '0');
  return `${digits.slice(0, 5)}-${digits.slice(5)}`;
}

/** The address line as people in that country write it. */
export function formatAddressLine(s: StructuredAddress): string {
  if (s.country_code === 'US') {
    const unit = s.complements ? ` ${s.complements}` : '';
    return `${s.number} ${s.street}${unit}, ${s.city}, ${s.state} ${s.postal_code}, USA`;
  }
  const unit = s.complements ? `, ${s.complements}` : '';
  return `${s.street}, ${s.number}${unit} - ${s.neighborhood}, ${s.city} - ${s.state}, ${s.postal_code}, Brasil`;
}

function complement(random: Random, city: City): string {
  if (!random.chance(0.35)) return '';
  return city.countryCode === 'US'
    ? `Apt ${random.int(1, 40)}${random.pick(['', 'A', 'B'])}`
    : `Apto ${random.int(11, 184)}`;
}

/** A plausible postal address in `city` for a building at `point`. */
export function generateAddress(random: Random, city: City, point: LatLng): Address {
  const country = COUNTRIES[city.countryCode];
  const structured: StructuredAddress = {
    locale: country.locale,
    country_name: country.name,
    country_code: city.countryCode,
    state: city.state,
    city: city.name,
    borough: '',
    neighborhood: random.pick(city.neighborhoods),
    street: random.pick(city.streets),
    number: String(city.countryCode === 'US' ? random.int(100, 9800) : random.int(1, 3200)),
    complements: complement(random, city),
    postal_code: postalCode(random, city),
  };
  return { structured, line: formatAddressLine(structured), coordinates: roundCoordinates(point) };
}
