import type { GeoHouseNumbersTable, GeoStreetsTable } from '../../db/schema/geodata';
import { houseNumberRow, streetRow, type LatLng as RowPoint } from '../../geocode/osm/street-rows';
import { wrapLongitude } from '../../domain/geo/wrap-longitude';
import { eastNorthMeters, shiftMeters } from '../geo';
import { createRandom } from '../random';
import type { LatLng } from '../types';
import type { WorldCity } from './world-city';

/**
 * The streets of a world city: a grid of streets BLOCK_M apart, each named street a stretch of
 * STREET_M metres, so that an address's street and number follow from where the building stands
 * (the same street for neighbours, numbers rising along it, odd on one side and even on the other).
 * It is what a real city's OpenStreetMap extract gives a geocoder, and it is exported as index rows
 * (`worldGeodata`) for the evaluation to import as an operator would (`locus geodata import`).
 */
const BLOCK_M = 160;
const STREET_M = 600;
/** Metres of frontage per house number on one side. */
const FRONTAGE_M = 12;
const VERTEX_M = 100;

/** How much of the city a world's OpenStreetMap extract covers (both shares of 1). */
export interface StreetCoverage {
  /** Streets present in the extract (new developments and informal areas are missing). */
  streets: number;
  /** Buildings whose house number is tagged (the rest are found at street level). */
  houseNumbers: number;
}

export interface WorldStreetAddress {
  street: string;
  number: string;
}

interface Placed {
  key: string;
  name: string;
  /** The street's ends. */
  from: LatLng;
  to: LatLng;
  number: number;
}

const SYLLABLES = [
  'ba',
  'ro',
  'le',
  'ta',
  'mi',
  'ra',
  'no',
  'ven',
  'sa',
  'lu',
  'ca',
  'del',
  'mar',
  'tor',
  'gu',
  'ri',
];

/** Street-name patterns by country: the proper name in the shape streets there have. */
const PATTERNS: Record<string, (name: string) => string> = {
  BR: (n) => `Rua ${n}`,
  ES: (n) => `Calle ${n}`,
  AR: (n) => `Calle ${n}`,
  MX: (n) => `Calle ${n}`,
  CO: (n) => `Calle ${n}`,
  CL: (n) => `Calle ${n}`,
  US: (n) => `${n} Street`,
  CN: (n) => `${n} Lu`,
  NO: (n) => `${n}gata`,
  SJ: (n) => `${n}vegen`,
  IS: (n) => `${n}gata`,
  RU: (n) => `ulitsa ${n}`,
  JP: (n) => `${n}-dori`,
  ID: (n) => `Jalan ${n}`,
};

function properName(key: string): string {
  const random = createRandom(`street-name:${key}`);
  const word = Array.from({ length: random.int(2, 4) }, () => random.pick(SYLLABLES)).join('');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function streetName(countryCode: string, key: string): string {
  const pattern = PATTERNS[countryCode] ?? ((n: string) => `${n} Road`);
  return pattern(properName(key));
}

/** The street a building at `point` stands on, its ends and its number. */
function place(city: WorldCity, point: LatLng): Placed {
  const { east, north } = eastNorthMeters(city.centre, point);
  const toEastWest = Math.abs(north - Math.round(north / BLOCK_M) * BLOCK_M);
  const toNorthSouth = Math.abs(east - Math.round(east / BLOCK_M) * BLOCK_M);
  // The nearer grid line is the building's street; `along` runs down the street, `across` off it.
  const eastWest = toEastWest <= toNorthSouth;
  const line = Math.round((eastWest ? north : east) / BLOCK_M);
  const along = eastWest ? east : north;
  const across = (eastWest ? north : east) - line * BLOCK_M;
  const stretch = Math.floor(along / STREET_M);
  const key = `${city.name}:${eastWest ? 'ew' : 'ns'}:${line}:${stretch}`;
  const end = (a: number) =>
    eastWest ? shiftMeters(city.centre, a, line * BLOCK_M) : shiftMeters(city.centre, line * BLOCK_M, a);
  const slot = Math.floor((along - stretch * STREET_M) / FRONTAGE_M);
  return {
    key,
    name: streetName(city.countryCode, key),
    from: end(stretch * STREET_M),
    to: end((stretch + 1) * STREET_M),
    number: 2 * slot + (across >= 0 ? 1 : 2),
  };
}

/** The street and house number of a building at `point` in `city`. */
export function worldStreetAddress(city: WorldCity, point: LatLng): WorldStreetAddress {
  const placed = place(city, point);
  return { street: placed.name, number: String(placed.number) };
}

/** A street's way as OpenStreetMap draws it: a vertex every VERTEX_M metres. */
function vertices(placed: Placed): RowPoint[] {
  const steps = Math.round(STREET_M / VERTEX_M);
  return Array.from({ length: steps + 1 }, (_, i) => {
    const t = i / steps;
    const lat = placed.from.lat + t * (placed.to.lat - placed.from.lat);
    const lng = placed.from.lng + t * wrapLongitude(placed.to.lng - placed.from.lng);
    return [lat, wrapLongitude(lng)];
  });
}

/** Street-index rows for the buildings at `points` (a world's declared addresses) as its extract covers them. */
export function worldGeodata(
  buildings: readonly { city: WorldCity; point: LatLng }[],
  coverage: StreetCoverage,
): { streets: GeoStreetsTable[]; houseNumbers: GeoHouseNumbersTable[] } {
  const streets = new Map<string, GeoStreetsTable>();
  const houseNumbers = new Map<string, GeoHouseNumbersTable>();
  for (const { city, point } of buildings) {
    const placed = place(city, point);
    if (!createRandom(`street-mapped:${placed.key}`).chance(coverage.streets)) continue;
    const id = streets.size + 1;
    if (!streets.has(placed.key)) {
      const row = streetRow(id, placed.name, vertices(placed), city.countryCode);
      if (row) streets.set(placed.key, { ...row, osm_id: `world:${placed.key}` });
    }
    const house = `${placed.key}:${placed.number}`;
    if (houseNumbers.has(house) || !createRandom(`number-mapped:${house}`).chance(coverage.houseNumbers))
      continue;
    const row = houseNumberRow(
      `world:${house}`,
      { 'addr:housenumber': String(placed.number), 'addr:street': placed.name },
      [point.lat, point.lng],
      city.countryCode,
    );
    if (row) houseNumbers.set(house, row);
  }
  return { streets: [...streets.values()], houseNumbers: [...houseNumbers.values()] };
}
