import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeodataTables } from '../../../lib/db/schema/geodata.ts';
import { geodataMigration } from '../../../lib/db/migrations/0100_geodata.ts';
import { createGeocoder } from '../../../lib/geocode/create-geocoder.ts';
import { importOsmExtract } from '../../../lib/geocode/osm/import-osm.ts';
import type { AddressMatch } from '../../../lib/geocode/types.ts';
import { fixtureOsmPbf, fixtureOsmXml } from '../../fixtures/geocode/osm-fixture.ts';

const config = { url: null, kind: 'nominatim' as const, timeoutMs: 100 };
const dir = mkdtempSync(join(tmpdir(), 'locus-osm-'));
const osmFile = join(dir, 'fixture.osm');
const pbfFile = join(dir, 'fixture.osm.pbf');

async function freshDb(): Promise<Kysely<GeodataTables>> {
  const db = new Kysely<GeodataTables>({
    dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }),
  });
  await geodataMigration.up(db as unknown as Kysely<unknown>);
  return db;
}

const ADDRESS = 'Rua Augusta, 1500, São Paulo - SP';

describe('OSM street index', () => {
  let db: Kysely<GeodataTables>;
  const logs: string[] = [];

  beforeAll(async () => {
    writeFileSync(osmFile, fixtureOsmXml());
    writeFileSync(pbfFile, fixtureOsmPbf());
    db = await freshDb();
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('before any import, a street address stays at city level, never a fake street', async () => {
    const result = await createGeocoder({ db, config }).geocode({ addressLine: ADDRESS });
    expect(result).toMatchObject({ addressMatch: 'city', geocodeQuality: 'poor', source: 'gazetteer' });
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
    const pbfDb = await freshDb();
    const summary = await importOsmExtract(pbfDb, pbfFile, { now: () => 3 });
    expect(summary).toMatchObject({ streets: 7, houseNumbers: 6 });
    const result = await createGeocoder({ db: pbfDb, config }).geocode({ addressLine: ADDRESS });
    expect(result).toMatchObject({ addressMatch: 'number', geocodeQuality: 'good', source: 'osm' });
    await pbfDb.destroy();
  });

  it('a street lookup adds only a few milliseconds', async () => {
    const geocoder = createGeocoder({ db, config });
    await geocoder.geocode({ addressLine: ADDRESS });
    const started = performance.now();
    for (let i = 0; i < 50; i++)
      await geocoder.geocode({ addressLine: `Rua Augusta, ${1400 + i}, São Paulo` });
    expect((performance.now() - started) / 50).toBeLessThan(20);
  });
});
