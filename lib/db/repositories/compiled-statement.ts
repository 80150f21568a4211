import type BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, type Compilable, type QueryResult } from 'kysely';
import {
  executeOnPool,
  pooledStatement,
  postgresConnectionsFor,
  type PooledStatement,
} from '../pg-pooled-statements';
import { sharedPlaceholders } from '../pg-shared-placeholders';
import { sqliteDriverFor } from '../sqlite-driver';
import { onPostgres, type Executor } from './executor';

/** A parameter value that marks where an argument goes (a string no caller sends: it starts with NUL). */
const SLOT = '\u0000slot:';

export type Binding<A> = { slot: keyof A } | { constant: unknown };

interface Template<A> {
  sql: string;
  bindings: Binding<A>[];
  /** SQLite, when an argument or constant repeats: `sql` with each bound once (`onceEach`). */
  once: BoundOnce<A> | null;
  /** SQLite: the statement prepared on the driver, once, for runs inside a transaction. */
  prepared?: BetterSqlite3.Statement;
  /** PostgreSQL: the statement under its prepared name, for runs on the pool (pg-pooled-statements.ts). */
  pooled?: PooledStatement;
}

/**
 * SQL text of compiled statements, by text, with the name PostgreSQL prepares it under. Only these
 * are named (lib/db/pg-prepared-pool.ts): a dynamic statement must not leave a prepared statement
 * behind on every connection.
 */
const preparedNames = new Map<string, string>();

/** The prepared-statement name of `sql`, if it is one of the compiled statements. */
export const preparedNameOf = (sql: string): string | undefined => preparedNames.get(sql);

/**
 * A hot statement built and compiled once per dialect, then executed with new arguments: the query
 * builder, its compiler and the SQL string it makes run once, not on every request. On SQLite the
 * statement is prepared once per handle and runs on the driver directly whenever that is what Kysely
 * would run (lib/db/sqlite-driver.ts); on PostgreSQL it runs as a named prepared statement, parsed and
 * planned once per connection.
 *
 * `build` receives `slots`, whose every property stands for the argument of that name (an array's
 * elements for a flat array of arguments); a slot is a placeholder, not a value, so it cannot be
 * indexed or iterated itself. `build` must make the same SQL whatever the arguments (no `in` lists of
 * their length, no branches on them): `compiledFamily` makes one statement per shape.
 */
export interface CompiledStatement<A, R> {
  execute(db: Executor, args: A): Promise<QueryResult<R>>;
  rows(db: Executor, args: A): Promise<R[]>;
  first(db: Executor, args: A): Promise<R | undefined>;
}

export function compileStatement<A extends object, R>(
  build: (db: Executor, slots: A) => Compilable<R>,
): CompiledStatement<A, R> {
  // Keyed by the dialect's query compiler, which a handle and all its transactions share.
  const templates = new WeakMap<object, Template<A>>();
  const slots = new Proxy({}, { get: (_target, key) => `${SLOT}${String(key)}` }) as A;

  function templateFor(db: Executor): Template<A> {
    const executor = db.getExecutor();
    let template = templates.get(executor.adapter);
    if (!template) {
      const compiled = build(db, slots).compile();
      const compiledBindings = compiled.parameters.map((p): Binding<A> =>
        typeof p === 'string' && p.startsWith(SLOT)
          ? { slot: p.slice(SLOT.length) as keyof A }
          : { constant: p },
      );
      if (onPostgres(db)) {
        // One placeholder per argument, however often the statement names it (pg-shared-placeholders.ts).
        const { sql, parameters: bindings } = sharedPlaceholders(compiled.sql, compiledBindings, (b) =>
          'slot' in b ? b.slot : null,
        );
        template = { sql, bindings, once: null };
      } else {
        const once = onceEach(compiled.sql, compiledBindings);
        template = { sql: compiled.sql, bindings: compiledBindings, once };
      }
      let name = preparedNames.get(template.sql);
      if (name === undefined) {
        name = `locus_${preparedNames.size + 1}`;
        preparedNames.set(template.sql, name);
      }
      template.pooled = pooledStatement(name, template.sql);
      templates.set(executor.adapter, template);
    }
    return template;
  }

  async function execute(db: Executor, args: A): Promise<QueryResult<R>> {
    const template = templateFor(db);
    const sqlite = sqliteDriverFor(db);
    if (sqlite) {
      const once = template.once;
      if (once) {
        const statement = (template.prepared ??= sqlite.prepare(once.sql));
        return executeOnDriver<R>(statement, namedValues(once.bindings, args));
      }
      const statement = (template.prepared ??= sqlite.prepare(template.sql));
      return executeOnDriver<R>(statement, positionalValues(template.bindings, args));
    }
    const parameters = positionalValues(template.bindings, args);
    const connections = postgresConnectionsFor(db);
    if (connections && template.pooled) return executeOnPool<R>(connections, template.pooled, parameters);
    return db.executeQuery<R>(CompiledQuery.raw(template.sql, parameters) as CompiledQuery<R>);
  }

  return {
    execute,
    rows: async (db, args) => (await execute(db, args)).rows,
    first: async (db, args) => (await execute(db, args)).rows[0],
  };
}

function positionalValues<A>(bindings: readonly Binding<A>[], args: A): unknown[] {
  const values: unknown[] = [];
  for (const b of bindings) values.push('slot' in b ? args[b.slot] : b.constant);
  return values;
}

/**
 * A SQLite statement whose parameters are numbered (`?1`, `?2`, …), each argument or constant bound
 * once however often the SQL uses it: the history statement uses the tenant id ten times, and
 * better-sqlite3 converts and copies every bound string (≈ 1,400 instructions each).
 */
interface BoundOnce<A> {
  sql: string;
  /** The value of `?n` is `bindings[n - 1]`. */
  bindings: Binding<A>[];
}

/**
 * `sql` with its `?` placeholders numbered so that repeated arguments (the same slot) and repeated
 * constants share one; null when too few repeat for it to pay, or when the placeholders cannot be told
 * apart in the SQL's text (a `?` inside a literal or a comment).
 */
export function onceEach<A>(sql: string, bindings: readonly Binding<A>[]): BoundOnce<A> | null {
  const distinct: Binding<A>[] = [];
  const numbers = bindings.map((b) => {
    const at = distinct.findIndex((d) =>
      'slot' in b ? 'slot' in d && d.slot === b.slot : 'constant' in d && d.constant === b.constant,
    );
    if (at >= 0) return at + 1;
    distinct.push(b);
    return distinct.length;
  });
  // A value bound by name costs better-sqlite3 two property lookups (≈ 1.9× a positional one, measured):
  // numbering pays where at most half the values are distinct.
  if (distinct.length * 2 > bindings.length) return null;
  const pieces = sql.split('?');
  // Kysely writes one `?` per parameter: any other (in a literal or a comment) makes the count differ.
  if (pieces.length !== bindings.length + 1) return null;
  let numbered = pieces[0] ?? '';
  for (let i = 0; i < numbers.length; i++) numbered += `?${numbers[i]}${pieces[i + 1] ?? ''}`;
  return { sql: numbered, bindings: distinct };
}

/** The values of a numbered statement's parameters, by number (better-sqlite3 binds a plain object by name). */
function namedValues<A>(bindings: readonly Binding<A>[], args: A): Record<number, unknown> {
  const values: Record<number, unknown> = {};
  for (let i = 0; i < bindings.length; i++) {
    const b = bindings[i] as Binding<A>;
    values[i + 1] = 'slot' in b ? args[b.slot] : b.constant;
  }
  return values;
}

/**
 * What Kysely's SQLite driver does with a statement, without the executor around it (≈ 6 µs a
 * statement: a promise chain, connection provider and result copy, a dozen times a request).
 */
function executeOnDriver<R>(
  statement: BetterSqlite3.Statement,
  parameters: unknown[] | Record<number, unknown>,
): QueryResult<R> {
  // Positional values as call arguments: better-sqlite3 reads an array's elements one by one through
  // V8 (≈ 0.12 µs a string bound from an array, 0.10 from the arguments, measured alone).
  const args = Array.isArray(parameters) ? parameters : [parameters];
  if (statement.reader) return { rows: statement.all(...args) as R[] };
  const { changes, lastInsertRowid } = statement.run(...args);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/**
 * Compiled statements whose SQL depends on a small key (a batch's row count, a list's length): one
 * compiled statement per key, made on first use.
 */
export function compiledFamily<K, A extends object, R>(
  build: (key: K) => (db: Executor, slots: A) => Compilable<R>,
): (key: K) => CompiledStatement<A, R> {
  const members = new Map<K, CompiledStatement<A, R>>();
  return (key) => {
    let member = members.get(key);
    if (!member) {
      member = compileStatement(build(key));
      members.set(key, member);
    }
    return member;
  };
}

/** Splits `count` rows into batches of the given sizes (largest first), so that few statements serve any count. */
export function batchSizes(count: number, sizes: readonly number[]): number[] {
  const batches: number[] = [];
  let left = count;
  for (const size of sizes) {
    while (left >= size) {
      batches.push(size);
      left -= size;
    }
  }
  return batches;
}
