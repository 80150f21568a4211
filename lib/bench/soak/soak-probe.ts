import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';

/** What the soak reads from the database beside the server: the worker's backlog and the work it did. */
export interface SoakProbe {
  /** Jobs due and not done (expired leases included): what `locus_jobs_due` reports. */
  backlog(now: number): Promise<number>;
  /** Signup assessments made by the worker (every trigger but the signup's own creation). */
  reassessments(): Promise<number>;
  close(): Promise<void>;
}

const BACKLOG_SQL = (p: (i: number) => string) =>
  `select count(*) as n from jobs where (status = 'pending' and run_at <= ${p(1)}) or (status = 'running' and lease_until < ${p(2)})`;
const REASSESSMENTS_SQL = `select count(*) as n from signup_assessments where trigger <> 'created'`;

export async function openSoakProbe(databaseUrl: string): Promise<SoakProbe> {
  if (databaseUrl.startsWith('sqlite:')) {
    const db = new BetterSqlite3(databaseUrl.slice('sqlite:'.length), { readonly: true });
    const backlog = db.prepare(BACKLOG_SQL(() => '?'));
    const reassessments = db.prepare(REASSESSMENTS_SQL);
    const count = (row: unknown) => Number((row as { n: number }).n);
    return {
      backlog: async (now) => count(backlog.get(now, now)),
      reassessments: async () => count(reassessments.get()),
      close: async () => void db.close(),
    };
  }
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
    close: () => client.end(),
  };
}
