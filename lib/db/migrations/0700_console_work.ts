import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { Engine } from '../connect';
import { json, millis, real } from './column-types';

/** A number inside a JSON text column, as SQL of the engine (NULL when absent). */
function jsonNumber(engine: Engine, column: string, path: (string | number)[]): string {
  if (engine === 'postgres') return `(${column}::json #>> '{${path.join(',')}}')::float8`;
  return `json_extract(${column}, '$${path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('')}')`;
}

/**
 * The address as a ~110 m grid key (degrees·1000), so "other cases at this address" is an index range
 * instead of a scan. Generated from the stored JSON, so no write path has to fill it: the geocoded point
 * when precise (≤ 250 m, not a city centroid), else the coordinates the client sent.
 */
function gridKey(
  engine: Engine,
  axis: 'lat' | 'lng',
  geocode: string | null,
  sent: string,
): RawBuilder<unknown> {
  const precise = geocode
    ? `case when coalesce(${jsonNumber(engine, geocode, ['uncertaintyM'])}, 0) <= 250 then ${jsonNumber(engine, geocode, ['point', axis])} end`
    : 'null';
  return engine === 'postgres'
    ? sql.raw(`((round(coalesce(${precise}, ${sent}) * 1000))::integer) stored`)
    : sql.raw(`(cast(round(coalesce(${precise}, ${sent}) * 1000) as integer)) virtual`);
}

/**
 * The console's work queue (issue 12): per-user saved filters, applied risk thresholds per tenant (set
 * from a backtest by an admin), address grid keys for address reuse, and the indexes the queue's order
 * (last assessment change) and its feedback filter need.
 */
export function consoleWorkMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('console_saved_filters')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('query', json, (c) => c.notNull())
        .addColumn('created_at', millis, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('console_saved_filters_user')
        .on('console_saved_filters')
        .columns(['tenant_id', 'user_id', 'kind'])
        .execute();

      await db.schema
        .createTable('tenant_thresholds')
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('low', real, (c) => c.notNull())
        .addColumn('high', real, (c) => c.notNull())
        .addColumn('applied_at', millis, (c) => c.notNull())
        .addColumn('applied_by', 'text')
        .addPrimaryKeyConstraint('tenant_thresholds_pk', ['tenant_id', 'kind'])
        .execute();

      for (const axis of ['lat', 'lng'] as const) {
        const sentSignup = jsonNumber(engine, 'declared_address', ['address_coordinates', axis]);
        const signupKey = gridKey(engine, axis, 'geocode', sentSignup);
        await sql`alter table signups add column ${sql.raw(`address_${axis}_key`)} integer generated always as ${signupKey}`.execute(
          db,
        );
        const sentPayment = jsonNumber(engine, 'addresses', [0, 'address_coordinates', axis]);
        const paymentKey = gridKey(engine, axis, null, sentPayment);
        await sql`alter table transactions add column ${sql.raw(`address_${axis}_key`)} integer generated always as ${paymentKey}`.execute(
          db,
        );
      }
      for (const table of ['signups', 'transactions']) {
        await db.schema
          .createIndex(`${table}_address_key`)
          .on(table)
          .columns(['tenant_id', 'address_lat_key', 'address_lng_key'])
          .execute();
      }
      // The queue's default order: last assessment change (updated_at), newest first, paged by keyset.
      await db.schema
        .createIndex('signups_status_updated')
        .on('signups')
        .columns(['tenant_id', 'review_status', 'updated_at', 'id'])
        .execute();
      await db.schema
        .createIndex('feedbacks_login')
        .on('feedbacks')
        .columns(['tenant_id', 'login_id'])
        .execute();
      await db.schema
        .createIndex('feedbacks_account')
        .on('feedbacks')
        .columns(['tenant_id', 'account_id'])
        .execute();
    },
  };
}
