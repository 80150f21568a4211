import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { preparedNameOf } from './repositories/compiled-statement';

/**
 * The pool Kysely's PostgreSQL dialect sees: the same connections, except that the compiled hot
 * statements (lib/db/repositories/compiled-statement.ts) run as named prepared statements — parsed
 * and planned once per connection instead of on every execution (the device-history statement took
 * 1.0–1.3 ms to plan). Every other statement runs unnamed, as before.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const faces = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const faceOf = (client: pg.PoolClient): PostgresPoolClient => {
    let face = faces.get(client);
    if (!face) {
      function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      function query(text: string | PostgresCursor<unknown>, values?: ReadonlyArray<unknown>): unknown {
        // Kysely passes a cursor only when the dialect is configured with one; ours is not.
        if (typeof text !== 'string') throw new Error('streaming queries are not configured');
        const name = preparedNameOf(text);
        const params = values ? [...values] : [];
        return name ? client.query({ name, text, values: params }) : client.query(text, params);
      }
      face = { query, release: () => client.release() };
      faces.set(client, face);
    }
    return face;
  };
  return {
    connect: async () => faceOf(await pool.connect()),
    end: () => pool.end(),
  };
}
