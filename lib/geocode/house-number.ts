import type { Kysely } from 'kysely';
import type { GeodataTables } from '../db/schema/geodata.ts';
import { distanceM } from './geo-distance.ts';

/** A house number tagged in OSM is a point on the building or entrance. */
const TAGGED_NUMBER_UNCERTAINTY_M = 15;
const MIN_INTERPOLATED_UNCERTAINTY_M = 30;
/** Two known numbers further apart than this are too far to interpolate between. */
const MAX_INTERPOLATION_GAP_M = 1_500;

export function houseNumberKey(number: string): string {
  return number
    .trim()
    .toLowerCase()
    .replace(/^0+(?=\d)/, '')
    .replace(/\s+/g, '');
}

export function houseNumberValue(number: string): number | null {
  const match = /^\s*(\d+)/.exec(number);
  return match?.[1] ? Number(match[1]) : null;
}

interface HouseQuery {
  streetCore: string;
  number: string;
  area: { minLat: number; maxLat: number; minLng: number; maxLng: number };
}

/**
 * The declared number on the matched street: exact when OSM tags it, else linearly interpolated
 * between the nearest known lower and higher numbers (same side of the street: same parity).
 */
export async function findHouseNumber(
  db: Kysely<GeodataTables>,
  query: HouseQuery,
): Promise<{ point: { lat: number; lng: number }; uncertaintyM: number } | null> {
  const rows = await db
    .selectFrom('geo_house_numbers')
    .select(['number', 'number_value', 'lat', 'lng'])
    .where('street_core', '=', query.streetCore)
    .where('lat', '>=', query.area.minLat)
    .where('lat', '<=', query.area.maxLat)
    .where('lng', '>=', query.area.minLng)
    .where('lng', '<=', query.area.maxLng)
    .execute();
  const key = houseNumberKey(query.number);
  const exact = rows.find((r) => houseNumberKey(r.number) === key);
  if (exact) return { point: { lat: exact.lat, lng: exact.lng }, uncertaintyM: TAGGED_NUMBER_UNCERTAINTY_M };

  const wanted = houseNumberValue(query.number);
  if (wanted === null) return null;
  const known = rows.filter((r) => r.number_value !== null);
  const sameSide = known.filter((r) => (r.number_value ?? 0) % 2 === wanted % 2);
  const pool = sameSide.length >= 2 ? sameSide : known;
  const lower = pool
    .filter((r) => (r.number_value ?? 0) < wanted)
    .sort((a, b) => (b.number_value ?? 0) - (a.number_value ?? 0))[0];
  const upper = pool
    .filter((r) => (r.number_value ?? 0) > wanted)
    .sort((a, b) => (a.number_value ?? 0) - (b.number_value ?? 0))[0];
  if (!lower || !upper || lower.number_value === null || upper.number_value === null) return null;
  const gapM = distanceM(lower, upper);
  if (gapM > MAX_INTERPOLATION_GAP_M) return null;
  const t = (wanted - lower.number_value) / (upper.number_value - lower.number_value);
  return {
    point: { lat: lower.lat + t * (upper.lat - lower.lat), lng: lower.lng + t * (upper.lng - lower.lng) },
    uncertaintyM: Math.max(MIN_INTERPOLATED_UNCERTAINTY_M, gapM / 4),
  };
}
