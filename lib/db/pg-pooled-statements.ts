import type { Kysely, QueryResult } from 'kysely';
import type pg from 'pg';
import { autocommitted, isWriteSql } from './unit-of-work';

/** The pool behind each PostgreSQL handle (the root Kysely instance: a transaction is another instance). */
const pools = new WeakMap<object, pg.Pool>();

/** Called once by connect.ts for a PostgreSQL handle. */
export function registerPostgresPool<T>(db: Kysely<T>, pool: pg.Pool): void {
  pools.set(db, pool);
}

/**
 * The pool of `db` when a statement run on it outside Kysely is what Kysely would run: `db` is the
 * handle itself (not a transaction, whose statements must go to its connection) and has no plugins.
 */
export function postgresPoolFor<T>(db: Kysely<T>): pg.Pool | null {
  const pool = pools.get(db);
  if (!pool || db.getExecutor().plugins.length > 0) return null;
  return pool;
}

/** A compiled statement's prepared name and text, and whether it may write (`pooledStatement`). */
export interface PooledStatement {
  name: string;
  text: string;
  write: boolean;
}

export const pooledStatement = (name: string, text: string): PooledStatement => ({
  name,
  text,
  write: isWriteSql(text),
});

const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/**
 * A compiled statement as a named prepared statement on a pooled connection, with what Kysely's
 * executor around it did and nothing else: the connection checked out and released, the result in
 * Kysely's shape, an autocommitted write noted for the unit of work (unit-of-work.ts). Kysely's layers
 * (executor, connection provider, the commit-tracking and preparing connection wrappers) cost a dozen
 * promises and allocations per statement; compiled-statement.ts runs the hot statements here instead
 * when the handle is not a transaction. The connection's settings (statement_timeout, search_path) are
 * the pool's, as for every other statement; a lost connection fails the same way
 * (database-faults.ts).
 */
export async function executeOnPool<R>(
  pool: pg.Pool,
  statement: PooledStatement,
  values: unknown[],
): Promise<QueryResult<R>> {
  const { name, text, write } = statement;
  const client = await pool.connect();
  try {
    const { command, rowCount, rows } = await autocommitted(write, () =>
      client.query<R & pg.QueryResultRow>({ name, text, values }),
    );
    return {
      numAffectedRows: COUNTED.has(command) ? BigInt(rowCount ?? 0) : undefined,
      rows: rows ?? [],
    };
  } finally {
    client.release();
  }
}
