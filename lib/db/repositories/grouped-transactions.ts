import type BetterSqlite3 from 'better-sqlite3';
import { sqliteDriverFor } from '../sqlite-driver';
import { sql } from 'kysely';
import { onPostgres, type Executor } from './executor';
import { inTransaction, makeRepos, type Repos } from './index';

type Work<T> = (repos: Repos) => Promise<T>;

interface Waiting {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Works per transaction at most: bounds how long one transaction holds the file and how much its WAL grows. */
const MAX_GROUP = 64;

const SAVEPOINT = {
  open: 'savepoint grouped_work',
  release: 'release grouped_work',
  undo: 'rollback to grouped_work',
} as const;
type SavepointStep = keyof typeof SAVEPOINT;

const prepared = new WeakMap<BetterSqlite3.Database, Record<SavepointStep, BetterSqlite3.Statement>>();

/** A savepoint statement, on the driver when the transaction runs there (sqlite-driver.ts), else through Kysely. */
async function savepoint(trx: Executor, step: SavepointStep): Promise<void> {
  const sqlite = sqliteDriverFor(trx);
  if (!sqlite) {
    await sql.raw(SAVEPOINT[step]).execute(trx);
    return;
  }
  let statements = prepared.get(sqlite);
  if (!statements) {
    statements = {
      open: sqlite.prepare(SAVEPOINT.open),
      release: sqlite.prepare(SAVEPOINT.release),
      undo: sqlite.prepare(SAVEPOINT.undo),
    };
    prepared.set(sqlite, statements);
  }
  statements[step].run();
}

/**
 * Runs each work as if in its own transaction, but on SQLite the works that wait together share one
 * (group commit): one BEGIN and one COMMIT for all, a savepoint each, so that a work that throws
 * undoes only its own writes and its caller alone gets the error. Each caller is answered after the
 * COMMIT; if the COMMIT fails, every work of the group fails with it.
 *
 * The group runs at `flushTurn`: the process's next background turn (runtime/event-loop-turns.ts),
 * which comes once no admitted request is waiting for one. Requests start one per event-loop turn, and
 * on SQLite each used to run to its COMMIT within its own: a commit writes every page its transaction
 * dirtied and cost about a third of a phone's 50-event batch. Now the batches admitted while others
 * wait are written together. On PostgreSQL each work runs in its own transaction (inTransaction):
 * its connections commit in parallel.
 */
export function groupedTransactions(
  db: Executor,
  flushTurn: () => Promise<void>,
): <T>(work: Work<T>) => Promise<T> {
  if (onPostgres(db)) return (work) => inTransaction(db, work);
  let waiting: Waiting[] = [];
  let running = false;

  async function runGroup(group: readonly Waiting[]): Promise<void> {
    const outcomes: Outcome[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        for (const { work } of group) {
          await savepoint(trx, 'open');
          try {
            outcomes.push({ ok: true, value: await work(makeRepos(trx)) });
            await savepoint(trx, 'release');
          } catch (error) {
            outcomes.push({ ok: false, error });
            await savepoint(trx, 'undo');
            await savepoint(trx, 'release');
          }
        }
      });
    } catch (error) {
      group.forEach((w, i) => {
        const own = outcomes[i];
        w.reject(own && !own.ok ? own.error : error);
      });
      return;
    }
    group.forEach((w, i) => {
      const own = outcomes[i] as Outcome;
      if (own.ok) w.resolve(own.value);
      else w.reject(own.error);
    });
  }

  async function drain(): Promise<void> {
    try {
      while (waiting.length > 0) {
        const group = waiting.slice(0, MAX_GROUP);
        waiting = waiting.slice(MAX_GROUP);
        await runGroup(group);
      }
    } finally {
      running = false;
    }
  }

  return function grouped<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!running) {
        running = true;
        void flushTurn().then(drain);
      }
    });
  };
}
