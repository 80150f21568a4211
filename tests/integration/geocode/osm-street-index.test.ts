import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeodataTables, GeoStreetsTable } from '../../../lib/db/schema/geodata.ts';
import { connectDatabase, type DatabaseHandle } from '../../../lib/db/connect.ts';
import { migrateToLatest } from '../../../lib/db/migrate.ts';
import { createGeocoder } from '../../../lib/geocode/create-geocoder.ts';
import { importOsmExtract, upsertStreets } from '../../../lib/geocode/osm/import-osm.ts';
import {
  STREET_INDEX_PRESENCE_TTL_MS,
  streetIndexPresence,
} from '../../../lib/geocode/street-index-presence.ts';
import type { AddressMatch } from '../../../lib/geocode/types.ts';
import { fixtureOsmPbf, fixtureOsmXml } from '../../fixtures/geocode/osm-fixture.ts';
import { TEST_ENGINES, freshDatabase, type TestDatabase } from '../engines.ts';

const config = { url: null, kind: 'nominatim' as const, timeoutMs: 100 };
const dir = mkdtempSync(join(tmpdir(), 'locus-osm-'));
const osmFile = join(dir, 'fixture.osm');
const pbfFile = join(dir, 'fixture.osm.pbf');

/** The real migrated schema on either engine; the geocoder sees only its own tables. */
async function openDatabase(database: TestDatabase): Promise<DatabaseHandle> {
  const handle = connectDatabase(database.url, database.schema ? { schema: database.schema } : {});
  await migrateToLatest(handle);
  return handle;
}

const ADDRESS = 'Rua Augusta, 1500, São Paulo - SP';

/** A street far from the fixture's, removed again by the test that writes it. */
const STREET: GeoStreetsTable = {
  osm_id: 'w-presence',
  country_code: 'BR',
  name: 'Rua Teste',
  name_norm: 'rua teste',
  name_core: 'teste',
  core_prefix: 'tes',
  street_type: 'rua',
  center_lat: -10,
  center_lng: -50,
  min_lat: -10,
  min_lng: -50,
  max_lat: -10,
  max_lng: -50,
  length_m: 1,
  geometry: '[[-10,-50]]',
};

describe.each(TEST_ENGINES)('OSM street index on %s', (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let db: Kysely<GeodataTables>;
  const logs: string[] = [];

  beforeAll(async () => {
    writeFileSync(osmFile, fixtureOsmXml());
    writeFileSync(pbfFile, fixtureOsmPbf());
    database = await freshDatabase(engine);
    handle = await openDatabase(database);
    db = handle.db.withTables<GeodataTables>();
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  it('before any import, a street address stays at city level, never a fake street', async () => {
    const result = await createGeocoder({ db, config }).geocode({ addressLine: ADDRESS });
    expect(result).toMatchObject({ addressMatch: 'city', geocodeQuality: 'poor', source: 'gazetteer' });
  });

  it('reads whether the index holds any street once per TTL, so an empty index is not searched', async () => {
    let at = 0;
    const presence = streetIndexPresence(db, () => at);
    expect(await presence.holdsStreets()).toBe(false);
    await upsertStreets(db, [STREET]);
    at = STREET_INDEX_PRESENCE_TTL_MS - 1;
    expect(await presence.holdsStreets()).toBe(false);
    at = STREET_INDEX_PRESENCE_TTL_MS;
    expect(await presence.holdsStreets()).toBe(true);
    await db.deleteFrom('geo_streets').where('osm_id', '=', STREET.osm_id).execute();
  });

  it('imports named streets and house numbers from .osm XML, printing progress', async () => {
    const summary = await importOsmExtract(db, osmFile, { log: (line) => logs.push(line), now: () => 1 });
    expect(summary).toMatchObject({ streets: 7, houseNumbers: 6 });
    expect(logs.some((l) => l.startsWith('pass 1/2'))).toBe(true);
    expect(logs.some((l) => l.startsWith('done:'))).toBe(true);
  });

  it('after the import the same address matches the house number with good quality', async () => {
    const result = await createGeocoder({ db, config }).geocode({ addressLine: ADDRESS });
    expect(result).toMatchObject({
      addressMatch: 'number',
      geocodeQuality: 'good',
      source: 'osm',
      addressQuality: 'good',
    });
    expect(result.point?.lat).toBeCloseTo(-23.5555, 3);
    expect(result.uncertaintyM).toBeLessThanOrEqual(250);
  });

  const VARIANTS: Array<[string, AddressMatch, 'good' | 'poor']> = [
    ['R. Augusta, 1500, Sao Paulo', 'number', 'good'],
    ['rua augsta 1500 sao paulo sp', 'number', 'good'],
    ['Rua Augusta, 1550 - São Paulo/SP, 01305-000', 'number', 'good'],
    ['Rua Augusta, 9999, São Paulo', 'street', 'good'],
    ['R Oscar Freire 900, sao paulo', 'street', 'good'],
    ['Al. Oscar Freire, 900, São Paulo', 'street', 'good'],
    ['Av Paulista 1000, São Paulo', 'street', 'poor'],
    ['Rua 25 de Marco, 100, Sao Paulo', 'city', 'poor'],
    ['Rua Vinte e Cinco de Marco, 100, Sao Paulo', 'street', 'good'],
    ['Rua Augusta, 1500, Rio de Janeiro, RJ', 'city', 'poor'],
    ['100 Congress Ave, Austin, TX 78701', 'number', 'good'],
    ['150 congress avenue austin tx', 'number', 'good'],
    ['500 W 6th St, Austin, TX', 'number', 'good'],
    ['800 West 6th Street, Austin, TX', 'street', 'good'],
    ['1 Nonexistent Rd, Austin, TX', 'city', 'poor'],
  ];

  it.each(VARIANTS)('%s → %s (%s)', async (line, match, quality) => {
    const result = await createGeocoder({ db, config }).geocode({ addressLine: line });
    expect(result.addressMatch).toBe(match);
    expect(result.geocodeQuality).toBe(quality);
  });

  it('structured addresses use the index too', async () => {
    const result = await createGeocoder({ db, config }).geocode({
      structured: {
        street: 'Rua Augusta',
        number: '1500',
        city: 'São Paulo',
        state: 'SP',
        country_code: 'BR',
      },
    });
    expect(result).toMatchObject({ addressMatch: 'number', geocodeQuality: 'good', source: 'osm' });
  });

  it('coordinates win for the point, the text still gives the match level', async () => {
    const result = await createGeocoder({ db, config }).geocode({
      addressLine: ADDRESS,
      coordinates: { lat: -23.5556, lng: -46.6589 },
    });
    expect(result).toMatchObject({
      source: 'coordinates',
      geocodeQuality: 'good',
      addressMatch: 'number',
      addressQuality: 'good',
    });
    expect(result.point).toEqual({ lat: -23.5556, lng: -46.6589 });
  });

  it('re-importing the same extract updates rows instead of duplicating them', async () => {
    await importOsmExtract(db, osmFile, { now: () => 2 });
    const { count } = await db
      .selectFrom('geo_streets')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(7);
  });

  it('imports the same extract from .osm.pbf', async () => {
    const pbfDatabase = await freshDatabase(engine);
    const pbfHandle = await openDatabase(pbfDatabase);
    const pbfDb = pbfHandle.db.withTables<GeodataTables>();
    const summary = await importOsmExtract(pbfDb, pbfFile, { now: () => 3 });
    expect(summary).toMatchObject({ streets: 7, houseNumbers: 6 });
    const result = await createGeocoder({ db: pbfDb, config }).geocode({ addressLine: ADDRESS });
    expect(result).toMatchObject({ addressMatch: 'number', geocodeQuality: 'good', source: 'osm' });
    await pbfHandle.close();
    await pbfDatabase.drop();
  });
});
