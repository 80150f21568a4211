import { distanceM } from './geo-distance.ts';
import { gazetteerData, placesNamed, type GazetteerPlace, type RegionExtent } from './gazetteer-data.ts';
import { BR_UF_TO_ADMIN1 } from './region-names.ts';
import { foldText } from './text-normalize.ts';

export type { GazetteerPlace, RegionExtent } from './gazetteer-data.ts';

/** Common names that differ from the GeoNames entry. */
const CITY_ALIASES: Record<string, string> = {
  'new york': 'new york city',
  nyc: 'new york city',
  'washington dc': 'washington',
  'sao paulo capital': 'sao paulo',
};

/** Places closer than this to the city count as its neighbourhoods. */
const NEIGHBORHOOD_RADIUS_M = 30_000;
/** A homonymous city this close to the postal-code centroid is taken as the declared one. */
const NEAR_POSTAL_M = 50_000;

export interface CityMatch {
  place: GazetteerPlace;
  /** 0 when the name is unique in its filter; else how far apart the candidates are. */
  ambiguityM: number;
}

/** GeoNames admin1 code for a declared state ("SP", "São Paulo", "ny", "New York"), or null. */
export function admin1For(countryCode: string, stateText: string): string | null {
  const data = gazetteerData();
  const folded = foldText(stateText);
  const upper = folded.toUpperCase();
  if (countryCode === 'BR' && BR_UF_TO_ADMIN1[upper]) return BR_UF_TO_ADMIN1[upper];
  if (countryCode === 'BR' && folded === 'distrito federal') return '07';
  if (upper.length === 2 && data.admin1Names.has(`${countryCode}.${upper}`)) return upper;
  return data.admin1ByName.get(`${countryCode}|${folded}`) ?? null;
}

export function admin1Name(countryCode: string, admin1: string): string | null {
  return gazetteerData().admin1Names.get(`${countryCode}.${admin1}`) ?? null;
}

function candidates(cityText: string): GazetteerPlace[] {
  const folded = foldText(cityText);
  return placesNamed(gazetteerData(), CITY_ALIASES[folded] ?? folded);
}

/** A municipality seat is named like its admin2 area; prefer it over a homonymous district. */
function isSeat(place: GazetteerPlace): boolean {
  const admin2 = gazetteerData().admin2Names.get(`${place.countryCode}.${place.admin1}.${place.admin2}`);
  return place.admin2 === '' || (admin2 !== undefined && foldText(admin2) === foldText(place.name));
}

function spreadM(places: GazetteerPlace[]): number {
  let spread = 0;
  const first = places[0];
  if (!first) return 0;
  for (const place of places) spread = Math.max(spread, distanceM(first, place));
  return spread;
}

/**
 * Finds a city by name, narrowed by country and admin1 when known. When several places remain the
 * first seat is returned with `ambiguityM` = how far apart they are, so that the caller widens the
 * uncertainty instead of pretending to know which one.
 */
export function findCity(
  cityText: string,
  countryCode: string | null,
  admin1: string | null,
  near: { lat: number; lng: number } | null = null,
): CityMatch | null {
  let found = candidates(cityText);
  if (countryCode) found = found.filter((p) => p.countryCode === countryCode);
  if (admin1) found = found.filter((p) => p.admin1 === admin1);
  if (found.length === 0) return null;
  if (near) {
    // A postal code already located the address: the homonym closest to it is the one meant.
    const closest = [...found].sort((a, b) => distanceM(a, near) - distanceM(b, near))[0];
    if (closest && distanceM(closest, near) <= NEAR_POSTAL_M) return { place: closest, ambiguityM: 0 };
  }
  const seats = found.filter(isSeat);
  const pool = seats.length > 0 ? seats : found;
  const place = pool[0];
  if (!place) return null;
  return { place, ambiguityM: spreadM(pool) };
}

/** Countries where a place with this name exists (to guess the country of a bare address line). */
export function countriesOfCity(cityText: string): Set<string> {
  return new Set(candidates(cityText).map((p) => p.countryCode));
}

/** A gazetteer place with this name near the city (GeoNames lists many districts as places). */
export function findNeighborhood(text: string, city: GazetteerPlace): GazetteerPlace | null {
  const near = candidates(text).filter(
    (p) => p.countryCode === city.countryCode && p !== city && distanceM(p, city) <= NEIGHBORHOOD_RADIUS_M,
  );
  near.sort((a, b) => distanceM(a, city) - distanceM(b, city));
  return near[0] ?? null;
}

const extents = new Map<string, RegionExtent | null>();

function extentOf(places: GazetteerPlace[] | undefined): RegionExtent | null {
  if (!places || places.length === 0) return null;
  const lat = places.reduce((sum, p) => sum + p.lat, 0) / places.length;
  const lng = places.reduce((sum, p) => sum + p.lng, 0) / places.length;
  // 90th percentile distance: one far-flung island should not blow up the radius.
  const distances = places.map((p) => distanceM({ lat, lng }, p)).sort((a, b) => a - b);
  const radiusM = distances[Math.floor(distances.length * 0.9)] ?? 0;
  return { lat, lng, radiusM: Math.max(radiusM, 10_000) };
}

/** Centre and radius of a state, from the places the gazetteer lists in it. */
export function stateExtent(countryCode: string, admin1: string): RegionExtent | null {
  const key = `${countryCode}.${admin1}`;
  if (!extents.has(key)) extents.set(key, extentOf(gazetteerData().placesByAdmin1.get(key)));
  return extents.get(key) ?? null;
}

export function countryExtent(countryCode: string): RegionExtent | null {
  if (!extents.has(countryCode))
    extents.set(countryCode, extentOf(gazetteerData().placesByCountry.get(countryCode)));
  return extents.get(countryCode) ?? null;
}
