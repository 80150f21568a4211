import { isConnectionLost } from '../database-faults';
import { noteSharedWrite, outsideUnit } from '../unit-of-work';
import { sql } from 'kysely';
import { compiledFamily } from './compiled-statement';
import { insertCreatedSignup } from './pg-created-signup';
import type { Executor } from './executor';
import { signupValues, type NewSignupRow } from './signup-values';

/**
 * PostgreSQL: the new signups that are written alone (no transaction around them: signup-repo.ts
 * `insertCreatedAlone`) and arrive while one such INSERT is in flight wait for it and then go together,
 * as one multi-row INSERT. Every autocommitted statement ends with a WAL flush, which on PostgreSQL
 * costs the backend more CPU than the row itself (a one-row insert into a two-column table: ~75–95 µs
 * of backend CPU logged, ~16–23 unlogged; docs/BENCHMARKS.md, "PostgreSQL, eighth capacity session"),
 * and every statement is a round trip: N signups arriving together share one flush and one round trip.
 * A signup that finds nothing in flight is written at once, with the statement it had before: the wait
 * is only ever for an INSERT already on its way.
 *
 * A row may be written only when no signups are open around it (pg-created-signup.ts `unlessOpen`: a
 * new address that would otherwise arm reassessments). A statement does not see its own rows, so such
 * a row never shares a statement with an earlier waiting row of its installation or device: it waits
 * for the next one, which sees that row committed, as it would have had each gone on its own.
 *
 * What each caller sees is unchanged: its promise settles once its row is committed (or not written); a
 * batch that fails is written again row by row, so that one row's error is that row's alone; a lost
 * connection fails every row of the batch, each noted as possibly committed (unit-of-work.ts) as its
 * own INSERT would have been. Never inside a transaction: create-signup.ts writes a signup alone on the
 * runtime's handle, and a signup with more to write goes through its own transaction instead.
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

/** How PostgreSQL types each column of a new signup where no INSERT column gives it a type (a VALUES list). */
const COLUMN_TYPES: Record<keyof NewSignupRow, 'text' | 'bigint' | 'integer'> = {
  id: 'text',
  tenant_id: 'text',
  installation_id: 'text',
  device_id: 'text',
  request_id: 'text',
  declared_address: 'text',
  geocode: 'text',
  risk_assessment: 'text',
  reasons: 'text',
  evidence: 'text',
  explanation: 'text',
  created_at: 'bigint',
  updated_at: 'bigint',
  reassess_until: 'bigint',
  address_cell_lat: 'integer',
  address_cell_lng: 'integer',
};

/**
 * Rows of which some are written only when no signups are open around them (pg-created-signup.ts's
 * `unlessOpen`, per row): `open_near` of a row is empty exactly when neither its installation nor its
 * device (any tenant) has a signup whose window is open at the row's creation — the two arms of
 * open-signups-near.ts, as NOT EXISTS. The flat arguments are each row's columns and then its flag;
 * the statement returns the ids it wrote. A row does not see the others of its statement, as it would
 * not see a concurrent request's.
 */
const insertSignupsUnlessOpen = compiledFamily((rows: number) => (db: Executor, a: unknown[]) => {
  const width = COLUMNS.length + 1;
  const tuple = (i: number) =>
    sql`(${sql.join([
      ...COLUMNS.map((column, c) => sql`cast(${a[i * width + c]} as ${sql.raw(COLUMN_TYPES[column])})`),
      sql`cast(${a[i * width + COLUMNS.length]} as boolean)`,
    ])})`;
  const names = sql.join([...COLUMNS, 'unless_open'].map((c) => sql.ref(c)));
  // signupValues's columns: the row's from the VALUES list, a new signup's review state as it sets it.
  const values: Record<string, unknown> = signupValues(
    Object.fromEntries(COLUMNS.map((c) => [c, null])) as unknown as NewSignupRow,
  );
  const selected = Object.keys(values).map((c) => (c in COLUMN_SET ? sql.ref(`v.${c}`) : sql`${values[c]}`));
  const query = sql<{
    id: string;
  }>`insert into signups (${sql.join(Object.keys(values).map((c) => sql.ref(c)))})
    select ${sql.join(selected)}
    from (values ${sql.join(Array.from({ length: rows }, (_, i) => tuple(i)))}) as v (${names})
    where not v.unless_open
      or (not exists (select 1 from signups s where s.tenant_id = v.tenant_id
                        and s.installation_id = v.installation_id and s.reassess_until >= v.created_at)
          and not exists (select 1 from signups s where s.device_id = v.device_id
                        and s.reassess_until >= v.created_at))
    returning id`;
  return { compile: () => query.compile(db) };
});

/** A row waiting for its INSERT, and how to tell its caller the outcome. */
interface Waiting {
  row: NewSignupRow;
  /** Written only when no signups are open around it (`unlessOpen`). */
  unlessOpen: boolean;
  settle: (outcome: { written: boolean } | { error: unknown }) => void;
}

interface Writer {
  waiting: Waiting[];
  inFlight: boolean;
}

/** One writer per database handle (the runtime's; a transaction never gets here). */
const writers = new WeakMap<Executor, Writer>();

/** One row on its own, with the statement it took before batching. */
async function writeOne(db: Executor, w: Waiting): Promise<void> {
  try {
    if (!w.unlessOpen) {
      await insertSignups(1).execute(db, flatten([w.row]));
      w.settle({ written: true });
      return;
    }
    const created = await insertCreatedSignup('unlessOpen').execute(db, w.row);
    w.settle({ written: (created.numAffectedRows ?? 0n) > 0n });
  } catch (error) {
    w.settle({ error });
  }
}

async function writeRows(db: Executor, batch: readonly Waiting[]): Promise<void> {
  if (batch.length === 1) return writeOne(db, batch[0] as Waiting);
  try {
    if (batch.every((w) => !w.unlessOpen)) {
      await insertSignups(batch.length).execute(db, flatten(batch.map((w) => w.row)));
      for (const w of batch) w.settle({ written: true });
      return;
    }
    const written = await insertSignupsUnlessOpen(batch.length).rows(
      db,
      batch.flatMap((w) => [...COLUMNS.map((column) => w.row[column]), w.unlessOpen]),
    );
    const ids = new Set(written.map((r) => r.id));
    for (const w of batch) w.settle({ written: ids.has(w.row.id) });
  } catch (error) {
    if (isConnectionLost(error)) {
      for (const w of batch) w.settle({ error });
      return;
    }
    // A row's own error (a constraint) must not fail the others: each written on its own.
    await Promise.all(batch.map((w) => writeOne(db, w)));
  }
}

/**
 * The next batch, in arrival order: at most MAX_ROWS rows, and none written unless signups are open
 * around it that shares its installation or device with a row before it. That row waits for the next
 * statement, which sees the earlier one committed, as it would have had each gone on its own: a
 * statement does not see the rows written by itself.
 */
function nextBatch(writer: Writer): Waiting[] {
  const batch: Waiting[] = [];
  const later: Waiting[] = [];
  const seen = new Set<string>();
  for (const w of writer.waiting) {
    const keys = [`${w.row.tenant_id}\u0000${w.row.installation_id}`];
    if (w.row.device_id !== null) keys.push(`\u0000${w.row.device_id}`);
    const waitsForEarlier = w.unlessOpen && keys.some((k) => seen.has(k));
    if (batch.length < MAX_ROWS && !waitsForEarlier) batch.push(w);
    else later.push(w);
    for (const k of keys) seen.add(k);
  }
  writer.waiting = later;
  return batch;
}

async function drain(db: Executor, writer: Writer): Promise<void> {
  writer.inFlight = true;
  try {
    while (writer.waiting.length > 0) await writeRows(db, nextBatch(writer));
  } finally {
    writer.inFlight = false;
  }
}

/**
 * Writes a new signup's row, with those of the signups that arrive while an INSERT is in flight; with
 * `unlessOpen`, only when no signups are open around it (pg-created-signup.ts). Says whether it wrote it.
 */
export async function insertSignupAlone(
  db: Executor,
  row: NewSignupRow,
  unlessOpen = false,
): Promise<boolean> {
  const writer = writers.get(db) ?? { waiting: [], inFlight: false };
  writers.set(db, writer);
  const outcome = new Promise<{ written: boolean } | { error: unknown }>((resolve) =>
    writer.waiting.push({ row, unlessOpen, settle: resolve }),
  );
  // The INSERTs go out in no request's unit: each request notes its own outcome below.
  if (!writer.inFlight) void outsideUnit(() => drain(db, writer));
  const settled = await outcome;
  const error = 'error' in settled ? settled.error : null;
  noteSharedWrite(error);
  if (error !== null) throw error;
  return 'written' in settled && settled.written;
}
