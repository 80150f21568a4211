import { countryOf } from '../countries';
import { roundCoordinates } from '../geo';
import type { Random } from '../random';
import type { Address, LatLng, StructuredAddress } from '../types';
import type { WorldCity } from './world-city';

/**
 * A plausible address in a world city for a building at `point`: a real street name of the country, a house
 * number, the city and state. Without coordinates the offline geocoder usually finds only the city — which
 * is what happens to such addresses in the product too.
 */
export function worldAddress(random: Random, city: WorldCity, point: LatLng): Address {
  const country = countryOf(city.countryCode);
  const structured: StructuredAddress = {
    locale: country.locale,
    country_name: country.name,
    country_code: city.countryCode,
    state: city.state,
    city: city.name,
    borough: '',
    neighborhood: '',
    street: random.pick(country.streets),
    number: String(random.int(1, 400)),
    complements: '',
    postal_code: '',
  };
  const line = `${structured.street} ${structured.number}, ${city.name}, ${city.state}, ${country.name}`;
  return { structured, line, coordinates: roundCoordinates(point) };
}
