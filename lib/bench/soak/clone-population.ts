import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { benchInstallation, type BenchInstallation } from '../bench-dataset';

/**
 * Seeding 100,000 open signups through the API takes longer than the soak itself on a shared 2-core
 * machine, so the soak seeds a base population through the API (events, fingerprints, device graph,
 * assessed signups: the real write path) and copies it in SQL under new ids. Copy n of installation
 * `bench-inst-7` is `bench-inst-7:n`, with its device, account, signup and assessment ids suffixed
 * alike; its rows are otherwise the same, so every copy is as real as its original.
 */
const TABLES: { table: string; originals: string }[] = [
  { table: 'installations', originals: 'installation_id' },
  { table: 'installation_accounts', originals: 'installation_id' },
  { table: 'location_fingerprints', originals: 'installation_id' },
  { table: 'location_events', originals: 'installation_id' },
  { table: 'signups', originals: 'installation_id' },
  { table: 'signup_assessments', originals: 'signup_id' },
];
/** Columns that name something and get the copy's suffix. */
const RENAMED = new Set(['id', 'installation_id', 'device_id', 'account_id', 'signup_id', 'request_id']);
/** Integer row ids the database numbers itself (location_events.id). */
const GENERATED = new Set(['location_events.id']);

/** The soak's installation `index` over a base of `base` API-seeded installations and their copies. */
export function soakInstallation(index: number, base: number): BenchInstallation {
  const original = benchInstallation(index % base);
  const copy = Math.floor(index / base);
  if (copy === 0) return original;
  const suffix = `:${copy}`;
  return {
    ...original,
    installationId: original.installationId + suffix,
    deviceId: original.deviceId + suffix,
    accountId: original.accountId + suffix,
  };
}

function copyStatement(table: string, columns: readonly string[], originals: string, param: string): string {
  const kept = columns.filter((c) => !GENERATED.has(`${table}.${c}`));
  const values = kept.map((c) => (RENAMED.has(c) ? `${c} || ${param}` : c));
  return `insert into ${table} (${kept.join(', ')}) select ${values.join(', ')} from ${table} where ${originals} not like '%:%'`;
}

/** Makes copies 1 … copies − 1 of every API-seeded row (copy 0 is the original), one transaction per copy. */
export async function clonePopulation(
  databaseUrl: string,
  copies: number,
  progress: (line: string) => void,
): Promise<void> {
  if (databaseUrl.startsWith('sqlite:')) {
    const db = new BetterSqlite3(databaseUrl.slice('sqlite:'.length));
    db.pragma('busy_timeout = 30000');
    try {
      const statements = TABLES.map(({ table, originals }) => {
        const columns = (
          db.prepare(`select name from pragma_table_info('${table}')`).all() as { name: string }[]
        ).map((c) => c.name);
        return db.prepare(copyStatement(table, columns, originals, '@suffix'));
      });
      const copy = db.transaction((suffix: string) => {
        for (const statement of statements) statement.run({ suffix });
      });
      for (let n = 1; n < copies; n++) {
        copy(`:${n}`);
        progress(`copy ${n}/${copies - 1}`);
      }
      db.exec('analyze');
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const statements: string[] = [];
    for (const { table, originals } of TABLES) {
      const { rows } = await client.query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
        [table],
      );
      statements.push(
        copyStatement(
          table,
          rows.map((r) => r.column_name),
          originals,
          '$1::text',
        ),
      );
    }
    for (let n = 1; n < copies; n++) {
      await client.query('begin');
      for (const statement of statements) await client.query(statement, [`:${n}`]);
      await client.query('commit');
      progress(`copy ${n}/${copies - 1}`);
    }
    // Fresh planner statistics after a bulk load.
    await client.query('analyze');
  } finally {
    await client.end();
  }
}
