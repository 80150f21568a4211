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

/** Works per transaction at most; a group this large is written at once, without waiting for the turn. */
export const MAX_GROUP = 4;

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
 * The group runs at `flushTurn`, the next event-loop turn in production. Admitted requests start one
 * per turn (runtime/event-loop-turns.ts), and on SQLite each used to run to its own COMMIT within its
 * turn: a commit writes every page its transaction dirtied, about a third of a phone's 50-event batch.
 * Now the batch of the next request joins the group (groups of two or three under load). Holding the
 * group longer, until no admitted request waits (a background turn), shared more commits but answered
 * a client that keeps its batches in flight all at once: the bench's ten connections then left the
 * process idle between groups (fewer batches per second at less CPU per batch). On PostgreSQL each
 * work runs in its own transaction (inTransaction): its connections commit in parallel.
 */
export function groupedTransactions(
  db: Executor,
  flushTurn: () => Promise<void>,
): <T>(work: Work<T>) => Promise<T> {
  if (onPostgres(db)) return (work) => inTransaction(db, work);
  const waiting: Waiting[] = [];
  let flushScheduled = false;
  let draining = false;

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
    if (draining) return;
    draining = true;
    try {
      while (waiting.length > 0) await runGroup(waiting.splice(0, MAX_GROUP));
    } finally {
      draining = false;
    }
  }

  return function grouped<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (waiting.length >= MAX_GROUP) {
        void drain();
      } else if (!flushScheduled) {
        flushScheduled = true;
        void flushTurn().then(() => {
          flushScheduled = false;
          return drain();
        });
      }
    });
  };
}
