import { iso1A2Code } from '@rapideditor/country-coder';
import type { Kysely } from 'kysely';
import type { GeodataTables, GeoHouseNumbersTable, GeoStreetsTable } from '../../db/schema/geodata.ts';
import { readOsmFile } from './read-osm-file.ts';
import { houseNumberRow, streetRow, type LatLng } from './street-rows.ts';

/**
 * `locus geodata import`: reads an OSM extract twice. Pass 1 keeps the named highways and the
 * addr:housenumber ways and nodes; pass 2 keeps only the coordinates of the nodes those ways use,
 * so memory grows with the streets, not with every node of the extract. Rows are upserted by OSM id,
 * so importing the same (or an updated) extract again replaces rather than duplicates.
 */
export interface ImportSummary {
  streets: number;
  houseNumbers: number;
  elements: number;
}

const BATCH = 500;
const PROGRESS_EVERY = 100_000;

interface PendingWay {
  id: number;
  refs: number[];
  tags: Record<string, string>;
}

/** country-coder per 0.1° cell: streets of one extract share a handful of countries. */
function countryLookup(): (lat: number, lng: number) => string | null {
  const cells = new Map<string, string | null>();
  return (lat, lng) => {
    const key = `${Math.round(lat * 10)}:${Math.round(lng * 10)}`;
    if (!cells.has(key)) cells.set(key, iso1A2Code([lng, lat]));
    return cells.get(key) ?? null;
  };
}

/** Adds or replaces street segments of the index by their id. */
export async function upsertStreets(db: Kysely<GeodataTables>, rows: GeoStreetsTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto('geo_streets')
      .values(rows.slice(i, i + BATCH))
      .onConflict((oc) =>
        oc.column('osm_id').doUpdateSet((eb) => ({
          country_code: eb.ref('excluded.country_code'),
          name: eb.ref('excluded.name'),
          name_norm: eb.ref('excluded.name_norm'),
          name_core: eb.ref('excluded.name_core'),
          core_prefix: eb.ref('excluded.core_prefix'),
          street_type: eb.ref('excluded.street_type'),
          center_lat: eb.ref('excluded.center_lat'),
          center_lng: eb.ref('excluded.center_lng'),
          min_lat: eb.ref('excluded.min_lat'),
          min_lng: eb.ref('excluded.min_lng'),
          max_lat: eb.ref('excluded.max_lat'),
          max_lng: eb.ref('excluded.max_lng'),
          length_m: eb.ref('excluded.length_m'),
          geometry: eb.ref('excluded.geometry'),
        })),
      )
      .execute();
  }
}

/** Adds or replaces house numbers of the index by their id. */
export async function upsertHouseNumbers(
  db: Kysely<GeodataTables>,
  rows: GeoHouseNumbersTable[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto('geo_house_numbers')
      .values(rows.slice(i, i + BATCH))
      .onConflict((oc) =>
        oc.column('osm_id').doUpdateSet((eb) => ({
          country_code: eb.ref('excluded.country_code'),
          street_core: eb.ref('excluded.street_core'),
          number: eb.ref('excluded.number'),
          number_value: eb.ref('excluded.number_value'),
          lat: eb.ref('excluded.lat'),
          lng: eb.ref('excluded.lng'),
          postcode: eb.ref('excluded.postcode'),
        })),
      )
      .execute();
  }
}

function centroid(points: LatLng[]): LatLng | null {
  if (points.length === 0) return null;
  return [
    points.reduce((s, p) => s + p[0], 0) / points.length,
    points.reduce((s, p) => s + p[1], 0) / points.length,
  ];
}

export async function importOsmExtract(
  db: Kysely<GeodataTables>,
  file: string,
  options: { log?: (line: string) => void; now?: () => number } = {},
): Promise<ImportSummary> {
  const log = options.log ?? (() => undefined);
  const countryAt = countryLookup();
  const streetWays: PendingWay[] = [];
  const houseWays: PendingWay[] = [];
  const houses: GeoHouseNumbersTable[] = [];
  const needed = new Set<number>();
  let elements = 0;

  log(`pass 1/2: reading named streets and house numbers from ${file}`);
  for await (const element of readOsmFile(file)) {
    if (++elements % PROGRESS_EVERY === 0)
      log(
        `  ${elements} elements, ${streetWays.length} streets, ${houses.length + houseWays.length} house numbers`,
      );
    if (element.type === 'node') {
      const row = element.tags['addr:housenumber']
        ? houseNumberRow(
            `n${element.id}`,
            element.tags,
            [element.lat, element.lon],
            countryAt(element.lat, element.lon),
          )
        : null;
      if (row) houses.push(row);
      continue;
    }
    const isStreet = Boolean(element.tags.highway && element.tags.name);
    const isHouse = Boolean(element.tags['addr:housenumber'] && element.tags['addr:street']);
    if (!isStreet && !isHouse) continue;
    (isStreet ? streetWays : houseWays).push(element);
    for (const ref of element.refs) needed.add(ref);
  }

  log(`pass 2/2: reading coordinates of ${needed.size} nodes`);
  const coordinates = new Map<number, LatLng>();
  let pass2 = 0;
  for await (const element of readOsmFile(file)) {
    if (++pass2 % PROGRESS_EVERY === 0) log(`  ${pass2}/${elements} elements`);
    if (element.type === 'node' && needed.has(element.id))
      coordinates.set(element.id, [element.lat, element.lon]);
  }

  const pointsOf = (way: PendingWay): LatLng[] =>
    way.refs.map((ref) => coordinates.get(ref)).filter((p): p is LatLng => p !== undefined);
  const streets: GeoStreetsTable[] = [];
  for (const way of streetWays) {
    const points = pointsOf(way);
    const middle = centroid(points);
    const row = middle
      ? streetRow(way.id, way.tags.name ?? '', points, countryAt(middle[0], middle[1]))
      : null;
    if (row) streets.push(row);
  }
  for (const way of houseWays) {
    const middle = centroid(pointsOf(way));
    const row = middle
      ? houseNumberRow(`w${way.id}`, way.tags, middle, countryAt(middle[0], middle[1]))
      : null;
    if (row) houses.push(row);
  }

  log(`writing ${streets.length} street segments and ${houses.length} house numbers`);
  await db.transaction().execute(async (trx) => {
    await upsertStreets(trx, streets);
    await upsertHouseNumbers(trx, houses);
    const importedAt = (options.now ?? Date.now)();
    await trx
      .insertInto('geo_imports')
      .values({
        id: `${importedAt}-${file}`,
        source_file: file,
        imported_at: importedAt,
        streets: streets.length,
        house_numbers: houses.length,
      })
      .execute();
  });
  log(`done: ${streets.length} street segments, ${houses.length} house numbers from ${elements} elements`);
  return { streets: streets.length, houseNumbers: houses.length, elements };
}
