import type { Kysely } from 'kysely';
import { compileStatement } from '../db/repositories/compiled-statement.ts';
import type { GeodataTables, GeoStreetsTable } from '../db/schema/geodata.ts';
import { distanceM } from './geo-distance.ts';
import { findHouseNumber } from './house-number.ts';
import { nameSimilarity } from './string-similarity.ts';
import type { StreetName } from './street-name.ts';
import type { SourceMatch } from './types.ts';

/** A fuzzy street match must be at least this similar (1 - OSA distance / length). */
const MIN_SIMILARITY = 0.8;
/** A mismatched street type ("Rua" declared, "Avenida" in OSM) costs this much similarity. */
const TYPE_MISMATCH_PENALTY = 0.15;
/** Street centroid uncertainty is half the street's length, capped here. */
const MAX_STREET_UNCERTAINTY_M = 5_000;
const MIN_STREET_UNCERTAINTY_M = 30;

export interface StreetQuery {
  /** The declared street, already normalised for the address's country. */
  street: StreetName;
  number: string | null;
  /** Where the city or postal code is; only streets around it are considered. */
  anchor: { lat: number; lng: number };
  radiusM: number;
}

/** The columns street matching reads: one list for the query and the row type. */
const STREET_COLUMNS = [
  'name_core',
  'street_type',
  'center_lat',
  'center_lng',
  'min_lat',
  'min_lng',
  'max_lat',
  'max_lng',
  'length_m',
  'geometry',
] as const satisfies ReadonlyArray<keyof GeoStreetsTable>;

type StreetRow = Pick<GeoStreetsTable, (typeof STREET_COLUMNS)[number]>;

function box(anchor: { lat: number; lng: number }, radiusM: number) {
  const dLat = radiusM / 111_320;
  const dLng = radiusM / (111_320 * Math.max(0.01, Math.cos((anchor.lat * Math.PI) / 180)));
  return {
    minLat: anchor.lat - dLat,
    maxLat: anchor.lat + dLat,
    minLng: anchor.lng - dLng,
    maxLng: anchor.lng + dLng,
  };
}

/** The vertex closest to the middle of the segments: a point on the street, unlike a bbox centre. */
function pointOnStreet(rows: StreetRow[]): { lat: number; lng: number } {
  const lat = rows.reduce((s, r) => s + r.center_lat, 0) / rows.length;
  const lng = rows.reduce((s, r) => s + r.center_lng, 0) / rows.length;
  let best = { lat, lng };
  let bestDistance = Infinity;
  for (const row of rows) {
    for (const [vLat, vLng] of JSON.parse(row.geometry) as Array<[number, number]>) {
      const d = distanceM({ lat, lng }, { lat: vLat, lng: vLng });
      if (d < bestDistance) [best, bestDistance] = [{ lat: vLat, lng: vLng }, d];
    }
  }
  return best;
}

/** Street segments whose name starts like the wanted one, centred in the box (built once: compiled-statement.ts). */
const streetsAround = compileStatement(
  (
    db: Kysely<GeodataTables>,
    a: { prefix: string; minLat: number; maxLat: number; minLng: number; maxLng: number },
  ) =>
    db
      .selectFrom('geo_streets')
      .select(STREET_COLUMNS)
      .where('core_prefix', '=', a.prefix)
      .where('center_lat', '>=', a.minLat)
      .where('center_lat', '<=', a.maxLat)
      .where('center_lng', '>=', a.minLng)
      .where('center_lng', '<=', a.maxLng),
);

/**
 * Finds a street (and, when tagged or interpolable, the house number) in the imported OSM index,
 * restricted to the surroundings of the city the gazetteer found. Returns null when no street is
 * similar enough: the caller then stays at city level instead of inventing a street.
 */
export async function findStreet(db: Kysely<GeodataTables>, query: StreetQuery): Promise<SourceMatch | null> {
  const wanted = query.street;
  if (wanted.core.length < 2) return null;
  const area = box(query.anchor, query.radiusM);
  const rows = await streetsAround.rows(db, { prefix: wanted.core.slice(0, 3), ...area });
  let bestCore: string | null = null;
  let bestScore = 0;
  for (const row of rows) {
    const typeMismatch = wanted.type && row.street_type && wanted.type !== row.street_type;
    const score = nameSimilarity(wanted.core, row.name_core) - (typeMismatch ? TYPE_MISMATCH_PENALTY : 0);
    if (score > bestScore) [bestCore, bestScore] = [row.name_core, score];
  }
  if (bestCore === null || bestScore < MIN_SIMILARITY) return null;
  const segments = rows.filter((r) => r.name_core === bestCore);

  if (query.number) {
    const house = await findHouseNumber(db, { streetCore: bestCore, number: query.number, area });
    if (house) return { ...house, addressMatch: 'number', source: 'osm' };
  }
  const lengthM = segments.reduce((s, r) => s + r.length_m, 0);
  // Same-named segments far apart (two "Rua São João" in one metropolis) widen the radius honestly.
  const spreadM =
    distanceM(
      { lat: Math.min(...segments.map((r) => r.min_lat)), lng: Math.min(...segments.map((r) => r.min_lng)) },
      { lat: Math.max(...segments.map((r) => r.max_lat)), lng: Math.max(...segments.map((r) => r.max_lng)) },
    ) / 2;
  const uncertaintyM = Math.min(
    MAX_STREET_UNCERTAINTY_M,
    Math.max(MIN_STREET_UNCERTAINTY_M, lengthM / 2, spreadM),
  );
  return { point: pointOnStreet(segments), uncertaintyM, addressMatch: 'street', source: 'osm' };
}
