import pg from 'pg';

/** A throw-away database for one bench run, created beside the one in `baseUrl` and dropped afterwards. */
export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates `locus_bench_<pid><suffix>` (a suffix for each database one process holds at once), empty or a
 * copy of the database `template`; rejects when PostgreSQL is unreachable (the caller reports it and skips).
 */
export async function createBenchDatabase(
  baseUrl: string,
  suffix = '',
  template?: string,
): Promise<BenchDatabase> {
  const name = `locus_bench_${process.pid}${suffix}`;
  await withClient(baseUrl, async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  });
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withClient(
        baseUrl,
        async (client) => void (await client.query(`drop database if exists ${name} with (force)`)),
      ),
  };
}

/**
 * The server processes of one database's connections (backends), for metering their CPU: a request to
 * PostgreSQL costs CPU there as well as in Node. The meter's own connection is left out.
 * `analyze` refreshes the planner's statistics of the whole database from that connection: the
 * PostgreSQL of the development machine runs with autovacuum off, and in production autovacuum
 * analyzes a table once 50 rows + 10 % of it changed. Without it a table first written during the
 * run (signups, transactions) keeps the plans made while it was empty: with every estimate at its
 * minimum the planner may pick any index leading with `tenant_id` (measured: the open-signup count
 * scanned the tenant's 700 signups through the console's `signups_status_updated`, 0.7 ms a signup).
 */
export async function postgresBackends(
  url: string,
): Promise<{ pids: () => Promise<number[]>; analyze(): Promise<void>; close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  return {
    pids: async () => {
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return rows.map((r) => r.pid);
    },
    analyze: async () => void (await client.query('analyze')),
    close: () => client.end(),
  };
}
