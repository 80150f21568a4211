import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';

/** The better-sqlite3 handle behind a Kysely SQLite handle, by the adapter the handle and its transactions share. */
const drivers = new WeakMap<object, BetterSqlite3.Database>();

/** Called once by connect.ts for a SQLite handle. */
export function registerSqliteDriver<T>(db: Kysely<T>, sqlite: BetterSqlite3.Database): void {
  drivers.set(db.getExecutor().adapter, sqlite);
}

/**
 * The raw driver of `db` when `db` is an open SQLite transaction, else null. Kysely's SQLite driver
 * has one connection, held by the transaction from `begin` to `commit`: a statement run on the driver
 * meanwhile is part of it. Outside a transaction the connection may be another caller's transaction
 * between two awaits, so the hot paths go through Kysely there.
 */
export function sqliteDriverInTransaction<T>(db: Kysely<T>): BetterSqlite3.Database | null {
  if (!db.isTransaction) return null;
  return drivers.get(db.getExecutor().adapter) ?? null;
}
