import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { DatabaseTimeouts } from './database-timeouts';
import { preparingPool } from './pg-prepared-pool';
import { PIPELINED_CONNECTIONS, PipelinedReads } from './pg-pipelined-reads';
import { registerPostgresConnections } from './pg-pooled-statements';
import {
  FALLBACK_AUTOCHECKPOINT_PAGES,
  startCheckpointer,
  WAL_SIZE_LIMIT_BYTES,
} from './sqlite-checkpointer';
import type { Database } from './schema';
import { notingTransactions, registerSqliteDriver } from './sqlite-driver';
import { trackingCommits } from './unit-of-work';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** PostgreSQL schema the handle works in, when not the default. */
  schema?: string;
  /**
   * SQLite with incremental auto-vacuum: hands up to `pages` free pages back to the file system, and
   * says how many it did. (The pragma frees one page per step; only exec steps it to completion.)
   */
  releaseFreePages?(pages: number): number;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** PostgreSQL only: a schema to create and use (tests isolate themselves this way). */
  schema?: string;
  poolSize?: number;
  /** PostgreSQL only: the serving processes' waits (lib/db/database-timeouts.ts); none for CLI commands and migrations. */
  timeouts?: DatabaseTimeouts;
  /**
   * PostgreSQL only: connections in pipeline mode for the compiled reads run outside transactions
   * (lib/db/pg-pipelined-reads.ts), beside the pool; 0 runs them on the pool.
   */
  pipelinedConnections?: number;
  /** Where a connection's own error goes (a terminated backend, a reset socket); the process lives on. */
  onConnectionError?: (error: Error) => void;
  /** SQLite only: FULL also survives power loss, at a cost per commit (docs/OPERATIONS.md "Durability"). */
  sqliteSynchronous?: 'normal' | 'full';
}

// BIGINT and NUMERIC come back as strings by default; our values fit in a double.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

/** Opens `sqlite:<path>` (the embedded default) or `postgres://…` (scale-out). */
export function connectDatabase(url: string, options: ConnectOptions = {}): DatabaseHandle {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return connectPostgres(url, options);
  if (url.startsWith('sqlite:')) return connectSqlite(url.slice('sqlite:'.length), options);
  throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got ${url}`);
}

function connectSqlite(file: string, options: ConnectOptions): DatabaseHandle {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  // Only takes effect on a new, empty database: retention can then hand freed pages back to the file system.
  sqlite.pragma('auto_vacuum = INCREMENTAL');
  // WAL + NORMAL survives a process crash (kill -9): committed transactions are in the WAL file.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${options.sqliteSynchronous === 'full' ? 'FULL' : 'NORMAL'}`);
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('cache_size = -65536');
  // Checkpoints run in a thread of their own (sqlite-checkpointer.ts), not inside a request's commit.
  sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  const checkpointer =
    file === ':memory:'
      ? null
      : startCheckpointer(file, (message) =>
          console.error(JSON.stringify({ level: 'warn', component: 'sqlite-checkpointer', msg: message })),
        );
  const noted = notingTransactions(new SqliteDialect({ database: withStatementCache(sqlite) }));
  const db = new Kysely<Database>({ dialect: noted.dialect });
  registerSqliteDriver(db, sqlite, noted.transactionOpen);
  const releaseFreePages = (pages: number) => {
    if (sqlite.pragma('auto_vacuum', { simple: true }) !== 2) return 0;
    const before = Number(sqlite.pragma('freelist_count', { simple: true }));
    sqlite.exec(`pragma incremental_vacuum(${Math.max(0, Math.floor(pages))})`);
    return before - Number(sqlite.pragma('freelist_count', { simple: true }));
  };
  return {
    db,
    engine: 'sqlite',
    releaseFreePages,
    close: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
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
  const { timeouts } = options;
  // Server settings in the URL (`?options=-c …`) are kept: ours are added to them, never in their place.
  const urlSettings = parsed.searchParams.get('options') ?? '';
  parsed.searchParams.delete('options');
  const url = parsed.toString();
  const settings = [
    urlSettings,
    options.schema ? `-c search_path=${options.schema}` : '',
    timeouts
      ? `-c statement_timeout=${timeouts.statementMs} -c idle_in_transaction_session_timeout=${timeouts.idleInTransactionMs}`
      : '',
  ].filter(Boolean);
  // Every connection's settings: the pool's and the pipelined reads' alike.
  const connection: pg.ClientConfig = {
    connectionString: url,
    // PGAPPNAME wins: operators (and the fault test) tell our backends apart in pg_stat_activity.
    fallback_application_name: 'locus',
    keepAlive: true,
    ...(timeouts ? { connectionTimeoutMillis: timeouts.connectMs } : {}),
    ...(settings.length > 0 ? { options: settings.join(' ') } : {}),
  };
  const pool = new pg.Pool({ ...connection, max: options.poolSize ?? 10 });
  // A backend terminated (restart, failover, a reaper) makes its client emit 'error', idle or checked
  // out; unheard, that event kills the process. Heard, the pool drops the client and the query that
  // used it fails with an error the HTTP layer answers with a 503.
  const onError = options.onConnectionError ?? logConnectionError;
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  const pipelined = options.pipelinedConnections ?? PIPELINED_CONNECTIONS;
  const reads = pipelined > 0 ? new PipelinedReads(connection, pipelined, onError) : null;
  const db = new Kysely<Database>({
    dialect: trackingCommits(new PostgresDialect({ pool: preparingPool(pool) })),
  });
  registerPostgresConnections(db, { pool, reads });
  return {
    db,
    engine: 'postgres',
    ...(options.schema ? { schema: options.schema } : {}),
    close: async () => {
      await Promise.all([db.destroy(), reads?.close()]);
      // Kysely ends the pool only if it used it: a handle may have run nothing but compiled statements.
      if (!pool.ending) await pool.end();
    },
  };
}

function logConnectionError(error: Error): void {
  console.error(
    JSON.stringify({ level: 'warn', component: 'database', msg: 'connection error', error: error.message }),
  );
}
