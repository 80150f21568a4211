import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from '../schema';

/** A connection or an open transaction: repositories run the same queries on either. */
export type Executor = Kysely<Database>;

/** Whether `db` runs on PostgreSQL (the dialect's adapter, which a handle and its transactions share). */
export const onPostgres = (db: Executor): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export const toJson = (value: unknown): string => JSON.stringify(value);
export function fromJson<T>(text: string): T {
  return JSON.parse(text) as T;
}
