import type BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type Kysely } from 'kysely';

interface SqliteDriver {
  sqlite: BetterSqlite3.Database;
  transactionOpen: () => boolean;
}

/** The better-sqlite3 handle behind a Kysely SQLite handle, by the adapter the handle and its transactions share. */
const drivers = new WeakMap<object, SqliteDriver>();

/** Every transaction the runtime opens on SQLite writes (see `notingTransactions`). */
const BEGIN_IMMEDIATE = CompiledQuery.raw('begin immediate');

/**
 * The SQLite dialect with its driver noting whether a transaction is open on its one connection. A
 * failed COMMIT leaves the transaction open until the ROLLBACK Kysely then issues.
 *
 * Its transactions begin IMMEDIATE: they take the write lock at BEGIN, where SQLite waits for another
 * process's writer (busy_timeout). A deferred transaction that has read cannot wait for it when it
 * first writes: SQLite fails it at once (SQLITE_BUSY, or SQLITE_BUSY_SNAPSHOT once that writer
 * committed), which the API answers with 503. Every transaction the runtime opens writes (the
 * one-process handle serialises them anyway), so nothing that only reads holds the lock for it.
 */
export function notingTransactions(dialect: Dialect): { dialect: Dialect; transactionOpen: () => boolean } {
  let open = false;
  const noting = (inner: Driver): Driver => {
    const savepoint = inner.savepoint?.bind(inner);
    const rollbackToSavepoint = inner.rollbackToSavepoint?.bind(inner);
    const releaseSavepoint = inner.releaseSavepoint?.bind(inner);
    return {
      init: () => inner.init(),
      acquireConnection: () => inner.acquireConnection(),
      async beginTransaction(connection: DatabaseConnection) {
        await connection.executeQuery(BEGIN_IMMEDIATE);
        open = true;
      },
      async commitTransaction(connection: DatabaseConnection) {
        await inner.commitTransaction(connection);
        open = false;
      },
      async rollbackTransaction(connection: DatabaseConnection) {
        try {
          await inner.rollbackTransaction(connection);
        } finally {
          open = false;
        }
      },
      ...(savepoint && { savepoint }),
      ...(rollbackToSavepoint && { rollbackToSavepoint }),
      ...(releaseSavepoint && { releaseSavepoint }),
      releaseConnection: (connection) => inner.releaseConnection(connection),
      destroy: () => inner.destroy(),
    } satisfies Driver;
  };
  return {
    dialect: {
      createDriver: () => noting(dialect.createDriver()),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createAdapter: () => dialect.createAdapter(),
      createIntrospector: (db) => dialect.createIntrospector(db),
    },
    transactionOpen: () => open,
  };
}

/** Called once by connect.ts for a SQLite handle. */
export function registerSqliteDriver<T>(
  db: Kysely<T>,
  sqlite: BetterSqlite3.Database,
  transactionOpen: () => boolean,
): void {
  drivers.set(db.getExecutor().adapter, { sqlite, transactionOpen });
}

/**
 * The raw driver of `db` when a statement run on it is what Kysely would run, else null. Kysely's
 * SQLite driver has one connection, held by a transaction from `begin` to `commit`: inside an open
 * transaction a statement run on the driver is part of it; outside one it runs on the driver only
 * while no transaction is open (better-sqlite3 is synchronous: none can begin meanwhile), otherwise
 * the connection is another caller's between two awaits and the statement waits its turn in Kysely.
 * A handle with plugins always goes through Kysely.
 */
export function sqliteDriverFor<T>(db: Kysely<T>): BetterSqlite3.Database | null {
  const executor = db.getExecutor();
  const driver = drivers.get(executor.adapter);
  if (!driver || executor.plugins.length > 0) return null;
  if (!db.isTransaction && driver.transactionOpen()) return null;
  return driver.sqlite;
}
