import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { begunQuery, canFollowBegin } from './pg-begun-query';
import { preparedNameOf } from './repositories/compiled-statement';

const BEGIN = /^\s*(begin|start transaction)\b/i;
const END = /^\s*(commit|rollback)\s*$/i;

/** What pg answers to a statement that was not sent (a BEGIN held back, the end of an empty transaction). */
const unsent = (command: string): pg.QueryResult => ({
  command,
  rowCount: null,
  oid: 0,
  fields: [],
  rows: [],
});

/**
 * The pool Kysely's PostgreSQL dialect sees: the same connections, except that
 * - the compiled hot statements (lib/db/repositories/compiled-statement.ts) run as named prepared
 *   statements — parsed and planned once per connection instead of on every execution (the
 *   device-history statement took 1.0–1.3 ms to plan); every other statement runs unnamed;
 * - a transaction's BEGIN is held back and sent in front of its first statement, in the same write
 *   (lib/db/pg-begun-query.ts): a write transaction of one statement costs two round trips, not three.
 *   A transaction that ends before any statement sends nothing at all.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const faces = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const faceOf = (client: pg.PoolClient): PostgresPoolClient => {
    let face = faces.get(client);
    if (!face) {
      let heldBegin: string | null = null;
      const send = (text: string, values: unknown[]): Promise<pg.QueryResult> => {
        const name = preparedNameOf(text);
        const statement = name ? { name, text, values } : { text, values };
        if (heldBegin === null) return client.query(statement);
        const begin = heldBegin;
        heldBegin = null;
        if (canFollowBegin(client, statement)) return begunQuery(client, begin, statement);
        return client.query(begin).then(() => client.query(statement));
      };
      function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      function query(text: string | PostgresCursor<unknown>, values?: ReadonlyArray<unknown>): unknown {
        // Kysely passes a cursor only when the dialect is configured with one; ours is not.
        if (typeof text !== 'string') throw new Error('streaming queries are not configured');
        const params = values ? [...values] : [];
        if (params.length === 0 && BEGIN.test(text)) {
          heldBegin = text;
          return Promise.resolve(unsent('BEGIN'));
        }
        if (heldBegin !== null && END.test(text)) {
          heldBegin = null;
          return Promise.resolve(unsent(text.trim().toUpperCase()));
        }
        return send(text, params);
      }
      face = {
        query,
        release: () => {
          // Kysely ends every transaction before it releases a connection; this is for the one that did not.
          heldBegin = null;
          client.release();
        },
      };
      faces.set(client, face);
    }
    return face;
  };
  return {
    connect: async () => faceOf(await pool.connect()),
    end: () => pool.end(),
  };
}
