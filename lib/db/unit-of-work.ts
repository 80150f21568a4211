import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  Kysely,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { isConnectionLost, isRetryableConflict } from './database-faults';
import type { Database } from './schema';

/**
 * What one unit of work (one HTTP handler run) did to the database so far: whether something it wrote
 * was committed, or may have been (the connection died while a COMMIT or an autocommit write was in
 * flight). Only a unit that did neither can be run again without risking a double write.
 */
interface UnitState {
  committed: boolean;
  uncertain: boolean;
}

const unit = new AsyncLocalStorage<UnitState>();

function note(outcome: 'committed' | 'uncertain'): void {
  const state = unit.getStore();
  if (state) state[outcome] = true;
}

/**
 * For a write that one statement makes on behalf of several units (lib/db/repositories/pg-signup-inserts.ts):
 * run it with `outsideUnit`, so that it notes nothing for whichever unit happened to send it, and let each
 * unit note its own outcome as its own autocommitted write would have: committed, or uncertain when the
 * connection was lost with it in flight.
 */
export function noteSharedWrite(error: unknown | null): void {
  if (error === null) note('committed');
  else if (isConnectionLost(error)) note('uncertain');
}

/** Runs `work` outside any unit of work (`noteSharedWrite`). */
export const outsideUnit = <T>(work: () => T): T => unit.exit(work);

const READ_ONLY_SQL = /^\s*(select|show|explain|values)\b/i;
const WRITE_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);

/** Whether SQL text (a raw or compiled statement) may write. */
export const isWriteSql = (sql: string): boolean => !READ_ONLY_SQL.test(sql);

function isWrite(query: CompiledQuery): boolean {
  if (query.query.kind === 'RawNode') return isWriteSql(query.sql);
  return WRITE_NODES.has(query.query.kind);
}

/**
 * Runs one statement outside a transaction and notes, when it may write, what its autocommit did for
 * the current unit of work: committed, or uncertain when the connection was lost with it in flight.
 */
export async function autocommitted<R>(write: boolean, run: () => Promise<R>): Promise<R> {
  try {
    const result = await run();
    if (write) note('committed');
    return result;
  } catch (error) {
    if (write && isConnectionLost(error)) note('uncertain');
    throw error;
  }
}

/** A connection that reports, outside transactions, the writes it autocommits. */
class TrackedConnection implements DatabaseConnection {
  inTransaction = false;
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return this.inner.executeQuery<R>(query);
    return autocommitted(isWrite(query), () => this.inner.executeQuery<R>(query));
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

const innerOf = (connection: DatabaseConnection) => (connection as TrackedConnection).inner;

function trackedDriver(inner: Driver): Driver {
  const savepoint = inner.savepoint?.bind(inner);
  const rollbackToSavepoint = inner.rollbackToSavepoint?.bind(inner);
  const releaseSavepoint = inner.releaseSavepoint?.bind(inner);
  return {
    init: () => inner.init(),
    acquireConnection: async () => new TrackedConnection(await inner.acquireConnection()),
    async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
      await inner.beginTransaction(innerOf(connection), settings);
      (connection as TrackedConnection).inTransaction = true;
    },
    async commitTransaction(connection: DatabaseConnection) {
      (connection as TrackedConnection).inTransaction = false;
      try {
        await inner.commitTransaction(innerOf(connection));
        note('committed');
      } catch (error) {
        // The COMMIT may have reached the server before the connection died: the outcome is unknown.
        if (isConnectionLost(error)) note('uncertain');
        throw error;
      }
    },
    async rollbackTransaction(connection: DatabaseConnection) {
      (connection as TrackedConnection).inTransaction = false;
      await inner.rollbackTransaction(innerOf(connection));
    },
    ...(savepoint && { savepoint: (c, name, compile) => savepoint(innerOf(c), name, compile) }),
    ...(rollbackToSavepoint && {
      rollbackToSavepoint: (c, name, compile) => rollbackToSavepoint(innerOf(c), name, compile),
    }),
    ...(releaseSavepoint && {
      releaseSavepoint: (c, name, compile) => releaseSavepoint(innerOf(c), name, compile),
    }),
    releaseConnection: (connection) => inner.releaseConnection(innerOf(connection)),
    destroy: () => inner.destroy(),
  } satisfies Driver;
}

/** Adapters of the handles whose dialect tracks commits (by the adapter a handle and its transactions share). */
const tracking = new WeakSet<object>();

/** The dialect with its driver tracking commits for `runUnitOfWork`. */
export function trackingCommits(dialect: Dialect): Dialect {
  return {
    createDriver: () => trackedDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => {
      const adapter = dialect.createAdapter();
      tracking.add(adapter);
      return adapter;
    },
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

/**
 * Whether `db` tracks its commits, so that a unit of work on it can be run again safely (PostgreSQL).
 * Embedded SQLite has no connection to lose: its units of work are never run again.
 */
export const tracksCommits = (db: Kysely<Database>): boolean => tracking.has(db.getExecutor().adapter);

/** Pause before the second run: the pool has dropped the dead connection and opens a fresh one. */
const RETRY_DELAY_MS = 100;

/**
 * Runs `work` and, when the database connection was lost (or a transaction conflicted) before
 * anything of it was committed, runs it once more: a read, or a transaction that never reached
 * COMMIT, is safe to repeat. Anything else is thrown for the caller to answer (503 for an unavailable
 * database). `canRetry` lets the caller veto (e.g. an HTTP reply already on its way).
 */
export async function runUnitOfWork<T>(
  work: () => Promise<T>,
  canRetry: () => boolean = () => true,
): Promise<T> {
  const first: UnitState = { committed: false, uncertain: false };
  try {
    return await unit.run(first, work);
  } catch (error) {
    const repeatable = isConnectionLost(error) || isRetryableConflict(error);
    if (!repeatable || first.committed || first.uncertain || !canRetry()) throw error;
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    return unit.run({ committed: false, uncertain: false }, work);
  }
}
