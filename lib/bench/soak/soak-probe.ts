import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import pg from 'pg';

/** What the soak reads from the database beside the server: the worker's backlog and the work it did. */
export interface SoakProbe {
  /** Jobs due and not done (expired leases included): what `locus_jobs_due` reports. */
  backlog(now: number): Promise<number>;
  /** Signup assessments made by the worker (every trigger but the signup's own creation). */
  reassessments(): Promise<number>;
  /** Size of SQLite's write-ahead log in MiB (null on PostgreSQL): a WAL that keeps growing slows every read. */
  walMb(): number | null;
  close(): Promise<void>;
}

const BACKLOG_SQL = (p: (i: number) => string) =>
  `select count(*) as n from jobs where (status = 'pending' and run_at <= ${p(1)}) or (status = 'running' and lease_until < ${p(2)})`;
const REASSESSMENTS_SQL = `select count(*) as n from signup_assessments where trigger <> 'created'`;

// Plain CommonJS run with `eval`, as lib/db/sqlite-checkpointer.ts does. Reassessments are counted over the
// rows added since the last count (rowids only grow; nothing is deleted within a soak): the whole table's
// scan took ~600 ms at 190,000 rows, and more every minute.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true });
const backlog = db.prepare(workerData.backlogSql);
const lastRowid = db.prepare('select coalesce(max(rowid), 0) as last from signup_assessments');
const reassessedBetween = db.prepare(
  "select count(*) as n from signup_assessments where rowid > ? and rowid <= ? and trigger <> 'created'",
);
let counted = 0;
let reassessed = 0;
parentPort.on('message', (message) => {
  if (message.close) {
    db.close();
    parentPort.close();
    return;
  }
  try {
    let n;
    if (message.query === 'backlog') n = Number(backlog.get(message.now, message.now).n);
    else {
      const last = Number(lastRowid.get().last);
      reassessed += Number(reassessedBetween.get(counted, last).n);
      counted = last;
      n = reassessed;
    }
    parentPort.postMessage({ id: message.id, n });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: String(error) });
  }
});
`;

/**
 * On SQLite the probe reads from a thread of its own: a synchronous read on the driver's event loop delays
 * the requests due meanwhile, and the burst they are then sent in counts against the server (latency runs
 * from each request's scheduled instant, and the burst can fill a tenant's in-flight share).
 */
function openSqliteProbe(file: string): SoakProbe {
  const worker = new Worker(THREAD, {
    eval: true,
    workerData: {
      file,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      backlogSql: BACKLOG_SQL(() => '?'),
    },
  });
  const waiting = new Map<number, { resolve: (n: number) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  worker.on('message', (message: { id: number; n?: number; error?: string }) => {
    const waiter = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error !== undefined) waiter?.reject(new Error(message.error));
    else waiter?.resolve(message.n ?? 0);
  });
  const ask = (query: 'backlog' | 'reassessments', now = 0) =>
    new Promise<number>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, query, now });
    });
  return {
    backlog: (now) => ask('backlog', now),
    reassessments: () => ask('reassessments'),
    walMb: () => {
      try {
        return statSync(`${file}-wal`).size / (1024 * 1024);
      } catch {
        return 0;
      }
    },
    close: async () => {
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage({ close: true });
      await exited;
    },
  };
}

export async function openSoakProbe(databaseUrl: string): Promise<SoakProbe> {
  if (databaseUrl.startsWith('sqlite:')) return openSqliteProbe(databaseUrl.slice('sqlite:'.length));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const count = (result: pg.QueryResult) => Number((result.rows[0] as { n: string }).n);
  return {
    backlog: async (now) =>
      count(
        await client.query(
          BACKLOG_SQL((i) => `$${i}`),
          [now, now],
        ),
      ),
    reassessments: async () => count(await client.query(REASSESSMENTS_SQL)),
    walMb: () => null,
    close: () => client.end(),
  };
}
