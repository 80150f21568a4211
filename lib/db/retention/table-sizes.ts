import { sql } from 'kysely';
import type { Engine } from '../connect';
import type { Executor } from '../repositories/executor';

export interface TableSize {
  table: string;
  rows: number;
  /** The table with its indexes (and on PostgreSQL its partitions and TOAST). */
  bytes: number;
}

/**
 * Rows and bytes of every table. SQLite counts rows exactly and sizes pages with dbstat; PostgreSQL
 * takes row counts from its statistics (kept current by autovacuum; exact counts of a large partitioned
 * table would scan all of it) and sizes with pg_total_relation_size over the partition tree.
 */
export async function tableSizes(db: Executor, engine: Engine): Promise<TableSize[]> {
  return engine === 'sqlite' ? sqliteSizes(db) : postgresSizes(db);
}

async function sqliteSizes(db: Executor): Promise<TableSize[]> {
  const pages = await sql<{ table: string; bytes: number }>`
    select m.tbl_name as "table", sum(s.pgsize) as bytes
    from dbstat s join sqlite_master m on m.name = s.name
    where m.tbl_name not like 'sqlite_%'
    group by m.tbl_name order by m.tbl_name`.execute(db);
  const sizes: TableSize[] = [];
  for (const p of pages.rows) {
    const count = await sql<{ n: number }>`select count(*) as n from ${sql.table(p.table)}`.execute(db);
    sizes.push({ table: p.table, rows: Number(count.rows[0]?.n ?? 0), bytes: Number(p.bytes) });
  }
  return sizes;
}

async function postgresSizes(db: Executor): Promise<TableSize[]> {
  const rows = await sql<{ table: string; rows: number; bytes: number }>`
    select c.relname as "table",
      (select coalesce(sum(greatest(p.reltuples, 0)), 0)::bigint from pg_partition_tree(c.oid) t
        join pg_class p on p.oid = t.relid where t.isleaf) as rows,
      (select coalesce(sum(pg_total_relation_size(t.relid)), 0)::bigint from pg_partition_tree(c.oid) t) as bytes
    from pg_class c
    where c.relnamespace = to_regnamespace(current_schema()) and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname`.execute(db);
  return rows.rows.map((r) => ({ table: r.table, rows: Number(r.rows), bytes: Number(r.bytes) }));
}

/** The whole database on disk: SQLite's file and WAL by page count, PostgreSQL's schema by relation sizes. */
export async function databaseBytes(db: Executor, engine: Engine): Promise<number> {
  if (engine === 'sqlite') {
    const pages = await sql<{ page_count: number }>`pragma page_count`.execute(db);
    const size = await sql<{ page_size: number }>`pragma page_size`.execute(db);
    return Number(pages.rows[0]?.page_count ?? 0) * Number(size.rows[0]?.page_size ?? 0);
  }
  return (await postgresSizes(db)).reduce((n, t) => n + t.bytes, 0);
}

/** One table's bytes split into its rows and each of its indexes (summed over partitions on PostgreSQL). */
export async function tableParts(
  db: Executor,
  engine: Engine,
  table: string,
): Promise<{ rows: number; indexes: Record<string, number> }> {
  const parts =
    engine === 'sqlite'
      ? await sql<{ name: string; bytes: number }>`
          select s.name as name, sum(s.pgsize) as bytes from dbstat s
          join sqlite_master m on m.name = s.name where m.tbl_name = ${table} group by s.name`.execute(db)
      : await sql<{ name: string; bytes: number }>`
          select c.relname as name,
            (select coalesce(sum(case when c.relkind in ('r', 'p') then pg_table_size(t.relid)
              else pg_relation_size(t.relid) end), 0)::bigint from pg_partition_tree(c.oid) t) as bytes
          from pg_class c
          where c.relnamespace = to_regnamespace(current_schema()) and not c.relispartition
            and (c.relname = ${table} or c.oid in (
              select indexrelid from pg_index where indrelid = ${table}::regclass))`.execute(db);
  const indexes: Record<string, number> = {};
  let rows = 0;
  for (const p of parts.rows) {
    if (p.name === table) rows = Number(p.bytes);
    else indexes[p.name] = Number(p.bytes);
  }
  return { rows, indexes };
}
