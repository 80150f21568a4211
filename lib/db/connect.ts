import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** PostgreSQL schema the handle works in, when not the default. */
  schema?: string;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** PostgreSQL only: a schema to create and use (tests isolate themselves this way). */
  schema?: string;
  poolSize?: number;
}

// BIGINT and NUMERIC come back as strings by default; our values fit in a double.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

/** Opens `sqlite:<path>` (the embedded default) or `postgres://…` (scale-out). */
export function connectDatabase(url: string, options: ConnectOptions = {}): DatabaseHandle {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return connectPostgres(url, options);
  if (url.startsWith('sqlite:')) return connectSqlite(url.slice('sqlite:'.length));
  throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got ${url}`);
}

function connectSqlite(file: string): DatabaseHandle {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  // WAL + NORMAL survives a process crash (kill -9): committed transactions are in the WAL file.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('cache_size = -65536');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

/** `postgres://…?schema=name` selects a schema (created on demand by migrations' caller); `options.schema` wins. */
/** Kysely prepares every statement anew; compiling SQL costs more than running our indexed lookups. */
const STATEMENT_CACHE_SIZE = 500;

function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value ?? '');
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

function connectPostgres(rawUrl: string, connectOptions: ConnectOptions): DatabaseHandle {
  const parsed = new URL(rawUrl);
  const schemaParam = parsed.searchParams.get('schema');
  parsed.searchParams.delete('schema');
  const options = { ...connectOptions, schema: connectOptions.schema ?? schemaParam ?? undefined };
  if (options.schema && !/^[a-z_][a-z0-9_]*$/i.test(options.schema))
    throw new Error(`invalid schema name ${options.schema}`);
  const url = parsed.toString();
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    ...(options.schema ? { schema: options.schema } : {}),
    close: () => db.destroy(),
  };
}
