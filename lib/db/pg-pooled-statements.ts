import type { Kysely, QueryResult } from 'kysely';
import type pg from 'pg';
import type { PipelinedReads } from './pg-pipelined-reads';
import { autocommitted, isWriteSql } from './unit-of-work';

/** Where a PostgreSQL handle's statements run outside Kysely: its pool, and its pipelined reads. */
export interface PostgresConnections {
  pool: pg.Pool;
  /** Null when the handle was opened without pipelined connections. */
  reads: PipelinedReads | null;
}

/** The connections behind each PostgreSQL handle (the root Kysely instance: a transaction is another instance). */
const handles = new WeakMap<object, PostgresConnections>();

/** Called once by connect.ts for a PostgreSQL handle. */
export function registerPostgresConnections<T>(db: Kysely<T>, connections: PostgresConnections): void {
  handles.set(db, connections);
}

/**
 * The connections of `db` when a statement run on them outside Kysely is what Kysely would run: `db`
 * is the handle itself (not a transaction, whose statements must go to its connection) and has no
 * plugins.
 */
export function postgresConnectionsFor<T>(db: Kysely<T>): PostgresConnections | null {
  const connections = handles.get(db);
  if (!connections || db.getExecutor().plugins.length > 0) return null;
  return connections;
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
 * A compiled statement as a named prepared statement: a read on a pipelined connection when one has
 * room (pg-pipelined-reads.ts), otherwise on a pooled connection, with what Kysely's
 * executor around it did and nothing else: the connection checked out and released, the result in
 * Kysely's shape, an autocommitted write noted for the unit of work (unit-of-work.ts). Kysely's layers
 * (executor, connection provider, the commit-tracking and preparing connection wrappers) cost a dozen
 * promises and allocations per statement; compiled-statement.ts runs the hot statements here instead
 * when the handle is not a transaction. The connection's settings (statement_timeout, search_path) are
 * the pool's, as for every other statement; a lost connection fails the same way
 * (database-faults.ts).
 */
export async function executeOnPool<R>(
  { pool, reads }: PostgresConnections,
  statement: PooledStatement,
  values: unknown[],
): Promise<QueryResult<R>> {
  const { name, text, write } = statement;
  const pipelined = write ? null : reads?.run<R & pg.QueryResultRow>({ name, text, values });
  if (pipelined) {
    const { rows } = await pipelined;
    return { rows: rows ?? [] };
  }
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
