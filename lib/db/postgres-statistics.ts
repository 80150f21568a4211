import { sql } from 'kysely';
import type { Executor } from './repositories/executor';

/**
 * PostgreSQL's planner statistics, kept fresh by Locus itself where nothing else keeps them.
 *
 * The hot statements run on generic plans chosen from `pg_class`/`pg_statistic`; a table loaded in bulk
 * (an OSM import, a burst of SDK events, a retention purge) keeps the statistics of its former size until
 * something runs ANALYZE. Autovacuum normally does, within a minute; a server run with autovacuum off
 * (seen on shared machines, and some managed set-ups turn it off for bulk loading) never does, and its
 * plans drift. The test of "due" is autovacuum's own: rows changed since the last ANALYZE above
 * `autovacuum_analyze_threshold + autovacuum_analyze_scale_factor × rows`, with the server's settings.
 */

export interface StatisticsRefresh {
  /** The tables analysed, most-changed first. */
  analysed: string[];
}

/** Tables of the current schema past autovacuum's analyze threshold; none while autovacuum runs unless forced. */
export async function tablesDueForAnalyze(
  db: Executor,
  options: { force?: boolean } = {},
): Promise<string[]> {
  const force = options.force ?? false;
  const { rows } = await sql<{ relname: string }>`
    select s.relname
      from pg_stat_user_tables s
      join pg_class c on c.oid = s.relid
     where s.schemaname = current_schema()
       and (${force}::boolean or current_setting('autovacuum') = 'off')
       and s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8
             + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0)
     order by s.n_mod_since_analyze desc`.execute(db);
  return rows.map((row) => row.relname);
}

/**
 * ANALYZE every due table, one statement each; `between` runs before each one, so that a caller inside
 * the API process can yield to requests (an ANALYZE samples at most 30,000 rows: tens of milliseconds).
 * `force` analyses due tables even while autovacuum runs: after a bulk load that the next statement
 * depends on, a minute's wait for autovacuum is a minute of stale plans.
 */
export async function refreshStatistics(
  db: Executor,
  options: { force?: boolean; between?: () => Promise<void> } = {},
): Promise<StatisticsRefresh> {
  const analysed: string[] = [];
  for (const table of await tablesDueForAnalyze(db, options)) {
    await options.between?.();
    await sql`analyze ${sql.table(table)}`.execute(db);
    analysed.push(table);
  }
  return { analysed };
}
