// Reads every table and column the database catalog lists (not a hand-kept list), on either engine.
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../../lib/db/connect';

export interface CatalogTable {
  name: string;
  columns: string[];
}

/** Every base table of the schema with its columns; PostgreSQL partitions are read through their parent. */
export async function catalogTables(handle: DatabaseHandle): Promise<CatalogTable[]> {
  if (handle.engine === 'sqlite') {
    const tables = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(
      handle.db,
    );
    return Promise.all(
      tables.rows.map(async ({ name }) => {
        const columns = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(
          handle.db,
        );
        return { name, columns: columns.rows.map((c) => c.name) };
      }),
    );
  }
  const columns = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    join pg_class k on k.relname = c.table_name and k.relnamespace = to_regnamespace(current_schema())
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and not k.relispartition
    order by c.table_name, c.ordinal_position`.execute(handle.db);
  const byTable = new Map<string, string[]>();
  for (const r of columns.rows)
    byTable.set(r.table_name, [...(byTable.get(r.table_name) ?? []), r.column_name]);
  return [...byTable].map(([name, cols]) => ({ name, columns: cols }));
}

export type Row = Record<string, unknown>;

/**
 * Every row of every table; rows of tables with a tenant_id only when they belong to `tenantId`.
 * `ownOnly` leaves out the tables without a tenant_id (shared by every tenant).
 */
export async function tenantRows(
  handle: DatabaseHandle,
  tenantId: string,
  { ownOnly = false } = {},
): Promise<Map<string, Row[]>> {
  const out = new Map<string, Row[]>();
  for (const table of await catalogTables(handle)) {
    const scoped = table.columns.includes('tenant_id');
    if (ownOnly && !scoped) continue;
    const result = scoped
      ? await sql<Row>`select * from ${sql.table(table.name)} where tenant_id = ${tenantId}`.execute(
          handle.db,
        )
      : await sql<Row>`select * from ${sql.table(table.name)}`.execute(handle.db);
    out.set(table.name, result.rows);
  }
  return out;
}

export interface Needles {
  /** Found anywhere inside a text value, case-insensitively. */
  texts: string[];
  /** Found as numbers within 0.0005° (about 50 m) of a value, or as their first four decimals in text. */
  coordinates: number[];
}

export interface Finding {
  table: string;
  column: string;
  value: unknown;
}

/** Every column value of `rows` that contains one of the needles. */
export function findNeedles(rows: Map<string, Row[]>, needles: Needles): Finding[] {
  const texts = [
    ...needles.texts.map((t) => t.toLowerCase()),
    ...needles.coordinates.map((c) => Math.abs(c).toFixed(4)),
  ];
  const findings: Finding[] = [];
  for (const [table, list] of rows) {
    for (const row of list) {
      for (const [column, value] of Object.entries(row)) {
        const hit =
          typeof value === 'string'
            ? texts.some((t) => value.toLowerCase().includes(t))
            : typeof value === 'number' && needles.coordinates.some((c) => Math.abs(value - c) < 0.0005);
        if (hit) findings.push({ table, column, value });
      }
    }
  }
  return findings;
}
