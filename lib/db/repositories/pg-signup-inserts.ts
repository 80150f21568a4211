import { isConnectionLost } from '../database-faults';
import { noteSharedWrite, outsideUnit } from '../unit-of-work';
import { compiledFamily } from './compiled-statement';
import type { Executor } from './executor';
import { signupValues, type NewSignupRow } from './signup-values';

/**
 * PostgreSQL: the new signups that are written alone (no transaction around them, nothing to count:
 * signup-repo.ts `insertCreatedAlone`) and arrive while one such INSERT is in flight wait for it and
 * then go together, as one multi-row INSERT. Every autocommitted statement ends with a WAL flush,
 * which on PostgreSQL costs the backend more CPU than the row itself (a one-row insert into a
 * two-column table: ~75–95 µs of backend CPU logged, ~16–23 unlogged; docs/BENCHMARKS.md, "PostgreSQL,
 * eighth capacity session"), and every statement is a round trip: N signups arriving together share
 * one flush and one round trip. A signup that finds nothing in flight is written at once, as before:
 * the wait is only ever for an INSERT already on its way.
 *
 * What each caller sees is unchanged: its promise settles once its row is committed (or not); a batch
 * that fails is written again row by row, so that one row's error is that row's alone; a lost
 * connection fails every row of the batch, each noted as possibly committed (unit-of-work.ts) as its
 * own INSERT would have been. Inside a transaction nothing is batched (signup-repo.ts calls this only
 * outside one).
 */

/** Rows per INSERT at most: 19 parameters a row. */
const MAX_ROWS = 16;

// Every column of a new signup's row, in the order of the flat argument array (the Record makes the
// compiler check that none is missing).
const COLUMN_SET: Record<keyof NewSignupRow, true> = {
  id: true,
  tenant_id: true,
  installation_id: true,
  device_id: true,
  request_id: true,
  declared_address: true,
  geocode: true,
  risk_assessment: true,
  reasons: true,
  evidence: true,
  explanation: true,
  created_at: true,
  updated_at: true,
  reassess_until: true,
  address_cell_lat: true,
  address_cell_lng: true,
};
const COLUMNS = Object.keys(COLUMN_SET) as (keyof NewSignupRow)[];

/** Row `i` of a flat argument array, as slots (compiled-statement.ts). */
function rowAt(a: readonly unknown[], i: number): NewSignupRow {
  const row: Record<string, unknown> = {};
  COLUMNS.forEach((column, c) => (row[column] = a[i * COLUMNS.length + c]));
  return row as unknown as NewSignupRow;
}

/** The one-row member is the same SQL as signup-repo.ts's own insert (one prepared statement). */
const insertSignups = compiledFamily(
  (rows: number) => (db: Executor, a: unknown[]) =>
    db.insertInto('signups').values(Array.from({ length: rows }, (_, i) => signupValues(rowAt(a, i)))),
);

const flatten = (rows: readonly NewSignupRow[]): unknown[] =>
  rows.flatMap((row) => COLUMNS.map((column) => row[column]));

/** A row waiting for its INSERT, and how to tell its caller the outcome (null: committed). */
interface Waiting {
  row: NewSignupRow;
  settle: (error: unknown | null) => void;
}

interface Writer {
  waiting: Waiting[];
  inFlight: boolean;
}

/** One writer per database handle (the runtime's; a transaction never gets here). */
const writers = new WeakMap<Executor, Writer>();

async function writeRows(db: Executor, batch: readonly Waiting[]): Promise<void> {
  try {
    await insertSignups(batch.length).execute(db, flatten(batch.map((w) => w.row)));
    for (const w of batch) w.settle(null);
  } catch (error) {
    if (batch.length === 1 || isConnectionLost(error)) {
      for (const w of batch) w.settle(error);
      return;
    }
    // A row's own error (a constraint) must not fail the others: each written on its own.
    await Promise.all(
      batch.map((w) =>
        insertSignups(1)
          .execute(db, flatten([w.row]))
          .then(
            () => w.settle(null),
            (e: unknown) => w.settle(e),
          ),
      ),
    );
  }
}

async function drain(db: Executor, writer: Writer): Promise<void> {
  writer.inFlight = true;
  try {
    while (writer.waiting.length > 0) await writeRows(db, writer.waiting.splice(0, MAX_ROWS));
  } finally {
    writer.inFlight = false;
  }
}

/** Writes a new signup's row, with those of the signups that arrive while an INSERT is in flight. */
export async function insertSignupAlone(db: Executor, row: NewSignupRow): Promise<void> {
  const writer = writers.get(db) ?? { waiting: [], inFlight: false };
  writers.set(db, writer);
  const outcome = new Promise<unknown>((resolve) => writer.waiting.push({ row, settle: resolve }));
  // The INSERTs go out in no request's unit: each request notes its own outcome below.
  if (!writer.inFlight) void outsideUnit(() => drain(db, writer));
  const error = await outcome;
  noteSharedWrite(error);
  if (error !== null) throw error;
}
