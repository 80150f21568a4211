import { countryOf } from '../countries';
import { roundCoordinates } from '../geo';
import type { Address, LatLng, StructuredAddress } from '../types';
import type { WorldCity } from './world-city';
import type { WorldContext } from './world-context';
import { worldStreetAddress } from './world-streets';

/**
 * The address of the building at `point` in a world city: the street it stands on and its number
 * (world-streets.ts), the city, state and country. Without coordinates the geocoder places it as well as
 * the world's street index knows that street and number — else only at the city.
 */
export function worldAddress(ctx: WorldContext, city: WorldCity, point: LatLng): Address {
  const country = countryOf(city.countryCode);
  const { street, number } = worldStreetAddress(city, point);
  ctx.buildings.push({ city, point });
  // The two draws that picked a random street name and number before streets followed the building: kept,
  // so that every world is still the same people and phones and evaluations compare like with like.
  ctx.random.next();
  ctx.random.next();
  const structured: StructuredAddress = {
    locale: country.locale,
    country_name: country.name,
    country_code: city.countryCode,
    state: city.state,
    city: city.name,
    borough: '',
    neighborhood: '',
    street,
    number,
    complements: '',
    postal_code: '',
  };
  const line = `${structured.street} ${structured.number}, ${city.name}, ${city.state}, ${country.name}`;
  return { structured, line, coordinates: roundCoordinates(point) };
}
