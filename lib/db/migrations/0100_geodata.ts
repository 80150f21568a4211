import type { Kysely, Migration } from 'kysely';

/** Street index imported from OpenStreetMap extracts (lib/geocode/osm). Portable SQLite/PostgreSQL DDL. */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('geo_streets')
    .addColumn('osm_id', 'text', (c) => c.primaryKey())
    .addColumn('country_code', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_norm', 'text', (c) => c.notNull())
    .addColumn('name_core', 'text', (c) => c.notNull())
    .addColumn('core_prefix', 'text', (c) => c.notNull())
    .addColumn('street_type', 'text')
    .addColumn('center_lat', 'double precision', (c) => c.notNull())
    .addColumn('center_lng', 'double precision', (c) => c.notNull())
    .addColumn('min_lat', 'double precision', (c) => c.notNull())
    .addColumn('min_lng', 'double precision', (c) => c.notNull())
    .addColumn('max_lat', 'double precision', (c) => c.notNull())
    .addColumn('max_lng', 'double precision', (c) => c.notNull())
    .addColumn('length_m', 'double precision', (c) => c.notNull())
    .addColumn('geometry', 'text', (c) => c.notNull())
    .execute();
  // Fuzzy lookups narrow by prefix, then by a latitude band around the city.
  await db.schema
    .createIndex('geo_streets_prefix_lat')
    .on('geo_streets')
    .columns(['core_prefix', 'center_lat'])
    .execute();
  await db.schema.createIndex('geo_streets_core').on('geo_streets').columns(['name_core']).execute();

  await db.schema
    .createTable('geo_house_numbers')
    .addColumn('osm_id', 'text', (c) => c.primaryKey())
    .addColumn('country_code', 'text')
    .addColumn('street_core', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('number_value', 'integer')
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('postcode', 'text')
    .execute();
  await db.schema
    .createIndex('geo_house_numbers_street')
    .on('geo_house_numbers')
    .columns(['street_core', 'lat'])
    .execute();

  await db.schema
    .createTable('geo_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('source_file', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'bigint', (c) => c.notNull())
    .addColumn('streets', 'integer', (c) => c.notNull())
    .addColumn('house_numbers', 'integer', (c) => c.notNull())
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('geo_imports').ifExists().execute();
  await db.schema.dropTable('geo_house_numbers').ifExists().execute();
  await db.schema.dropTable('geo_streets').ifExists().execute();
}

export const geodataMigration: Migration = { up, down };
