import { sql } from 'kysely';
import type { ChargebackRates } from '../../domain/payment/assess-payment';
import {
  areaCells,
  CHARGEBACK_RINGS,
  chargebackRate,
  ringCells,
  type Ring,
} from '../../domain/area/chargeback-areas';
import type { LatLng } from '../../domain/location';
import { compiledFamily, compileStatement } from './compiled-statement';
import type { Executor } from './executor';
import { onPostgres } from './executor';

type Counter = 'payments' | 'chargebacks';

/** One upsert of `cells` counters (flat arguments: tenant, resolution, cell per row), per counter and row count. */
const bumpCells = compiledFamily((key: `${Counter}:${number}`) => {
  const [column, count] = key.split(':') as [Counter, string];
  return (db, a: unknown[]) =>
    db
      .insertInto('area_chargebacks')
      .values(
        Array.from({ length: Number(count) }, (_, i) => ({
          tenant_id: a[i * 3] as string,
          resolution: a[i * 3 + 1] as number,
          cell: a[i * 3 + 2] as string,
          payments: column === 'payments' ? 1 : 0,
          chargebacks: column === 'chargebacks' ? 1 : 0,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'resolution', 'cell']).doUpdateSet((eb) => ({
          [column]: eb(eb.ref(`area_chargebacks.${column}`), '+', 1),
        })),
      );
});

/**
 * SQLite: the three rings' sums in one statement, a UNION ALL of one lookup per ring with its resolution a
 * constant: the whole primary key (tenant, resolution, cell) then serves each, where one `in` list per
 * column made SQLite scan every cell of the tenant. One compiled statement per shape of the disks
 * (their sizes are fixed away from H3's pentagons); arguments: the tenant, then every ring's cells.
 */
const sumRings = compiledFamily((sizes: string) => (db, a: string[]) => {
  const counts = sizes.split(',').map(Number);
  let offset = 0;
  const rings = CHARGEBACK_RINGS.map((ring, r) => {
    const from = offset;
    offset += counts[r] ?? 0;
    return db
      .selectFrom('area_chargebacks')
      .select((eb) => [
        sql.lit(ring.resolution).as('resolution'),
        eb.fn.sum<number>('payments').as('payments'),
        eb.fn.sum<number>('chargebacks').as('chargebacks'),
      ])
      .where('tenant_id', '=', a[0] as string)
      .where('resolution', '=', ring.resolution)
      .where(
        'cell',
        'in',
        Array.from({ length: counts[r] ?? 0 }, (_, i) => a[1 + from + i] as string),
      );
  });
  return rings.slice(1).reduce((all, ring) => all.unionAll(ring), rings[0]!);
});

/**
 * SQLite: whether any ring around a point holds a charged-back cell, from the partial index of the cells
 * with chargebacks (migration 0611). A rate is 0 without a chargeback in its ring whatever its payments,
 * and most payments are far from any chargeback: then the sums are not read (≈ 27 µs for the 33 cells'
 * counters). Each ring is one range of the index, its cells' lowest to highest (H3 cells of one disk
 * share most of their leading digits), and only a charged cell inside that range is tested against the
 * ring's cells: `+cell` keeps the `in` list out of the index's search, where SQLite built a temporary
 * B-tree of the 33 cells and probed it on every payment (12.5 → 5.9 µs measured alone, none charged
 * nearby; docs/BENCHMARKS.md, "SQLite payment, tenth capacity session"). Arguments as `sumRings`, then
 * each ring's lowest and highest cell.
 */
const anyChargedCell = compiledFamily((sizes: string) => (db, a: string[]) => {
  const counts = sizes.split(',').map(Number);
  const total = counts.reduce((sum, count) => sum + count, 0);
  let offset = 0;
  const charged = CHARGEBACK_RINGS.map((ring, r) => {
    const from = offset;
    offset += counts[r] ?? 0;
    const cells = Array.from({ length: counts[r] ?? 0 }, (_, i) => a[1 + from + i] as string);
    const [lowest, highest] = [a[1 + total + 2 * r], a[2 + total + 2 * r]];
    // Named: with no statistics SQLite probes the primary key instead, which holds every counter.
    return sql<number>`exists (select 1 from area_chargebacks indexed by area_chargebacks_charged
      where tenant_id = ${a[0]} and resolution = ${sql.lit(ring.resolution)}
        and cell between ${lowest} and ${highest} and +cell in (${sql.join(cells)}) and chargebacks > 0)`;
  });
  return db.selectNoFrom(sql<number>`${sql.join(charged, sql` or `)}`.as('charged'));
});

/** Each ring's lowest and highest cell, in SQLite's order of text (its bytes: H3 cells are ASCII). */
function ringBounds(rings: readonly Ring[]): string[] {
  const bounds: string[] = [];
  for (const { cells } of rings) {
    let lowest = cells[0] ?? '';
    let highest = lowest;
    for (const cell of cells) {
      if (cell < lowest) lowest = cell;
      if (cell > highest) highest = cell;
    }
    bounds.push(lowest, highest);
  }
  return bounds;
}

/** The rings' cells around some points, as flat columns: the point's index in its list, the cell's resolution, the cell. */
export interface RingCellColumns {
  ringPoints: number[];
  ringResolutions: number[];
  ringCells: string[];
}

/** A row of `ringSumsOnPostgres`: one ring's sums around one point. */
export interface RingSumRow {
  point: number;
  resolution: number;
  payments: number;
  chargebacks: number;
}

export function ringCellColumns(points: readonly LatLng[]): RingCellColumns {
  const columns: RingCellColumns = { ringPoints: [], ringResolutions: [], ringCells: [] };
  points.forEach((point, index) => {
    for (const ring of ringCells(point)) {
      for (const cell of ring.cells) {
        columns.ringPoints.push(index);
        columns.ringResolutions.push(ring.resolution);
        columns.ringCells.push(cell);
      }
    }
  });
  return columns;
}

/**
 * PostgreSQL: the rings' sums around each point over its (resolution, cell) pairs, each pair one probe
 * of the whole primary key. PostgreSQL 15's planner keeps an `in` list on the key's third column out of
 * an index scan's condition and filters with it every counter of the tenant at that resolution (`Rows
 * Removed by Filter`); a plain join of the pairs with the counters it hashes instead, reading every
 * counter of the tenant (0.39 ms of 0.5 for 1,761 counters, 2,000 installations after 600 payments).
 * `limit 1` in a lateral subquery (the key is unique: it changes no result) keeps the planner from
 * flattening it into that join: 33 probes a point, 0.15 ms, whatever the tenant's size. One statement
 * for every shape; a payment's history statement reads it too (pg-device-history.ts).
 *
 * The probes run only when one of the cells holds a chargeback (`area_chargebacks_charged_cells`,
 * migration 0686: one index scan, evaluated once): otherwise every rate is 0 and the statement returns
 * no rows, as SQLite's per-point probe does. Most cells hold none: the payment's history statement
 * measured 281 → 163 µs of backend CPU and 134 → 84 µs of Node without charged cells
 * (docs/BENCHMARKS.md, "PostgreSQL statements, tenth capacity session").
 */
export const ringSumsOnPostgres = (tenantId: string, a: RingCellColumns) =>
  sql<RingSumRow>`
    select c.point, c.resolution, sum(a.payments) as payments, sum(a.chargebacks) as chargebacks
    from unnest(${a.ringPoints}::integer[], ${a.ringResolutions}::integer[], ${a.ringCells}::text[])
      as c(point, resolution, cell)
    cross join lateral (
      select payments, chargebacks from area_chargebacks
      where tenant_id = ${tenantId} and resolution = c.resolution and cell = c.cell
      limit 1
    ) a
    where exists (
      select 1 from area_chargebacks
      where tenant_id = ${tenantId} and cell = any(${a.ringCells}::text[]) and chargebacks > 0
    )
    group by c.point, c.resolution`;

const ringSumsStatement = compileStatement((db, a: RingCellColumns & { tenantId: string }) => {
  const query = ringSumsOnPostgres(a.tenantId, a);
  return { compile: () => query.compile(db) };
});

/** The rates around each of `points`, in their order, from the rings' sums (`ringSumsOnPostgres`, or SQLite's per point). */
export function ratesFromSums(
  points: readonly LatLng[],
  rows: readonly Pick<RingSumRow, 'point' | 'resolution' | 'payments' | 'chargebacks'>[],
): ChargebackRates[] {
  return points.map((point, index) => {
    const rates: ChargebackRates = { near150: 0, near1500: 0, near5000: 0 };
    for (const ring of ringCells(point)) {
      const row = rows.find((r) => Number(r.point) === index && Number(r.resolution) === ring.resolution);
      rates[ring.key] = chargebackRate(Number(row?.payments ?? 0), Number(row?.chargebacks ?? 0));
    }
    return rates;
  });
}

/**
 * The cells a payment or chargeback at `points` counts in, each once even when several addresses fall
 * in it (PostgreSQL also refuses to update one row twice in a statement).
 */
export function countedCells(points: readonly LatLng[]): { resolution: number; cell: string }[] {
  return [...new Map(points.flatMap(areaCells).map((c) => [`${c.resolution}:${c.cell}`, c])).values()];
}

/** Per-area counters of payments and chargebacks, per tenant (H3 cells at resolutions 10, 8, 7). */
export function makeAreaStatsRepo(db: Executor) {
  /** The rings' sums, none when no ring holds a chargeback (every rate is then 0). */
  async function sumRingsOnSqlite(tenantId: string, rings: readonly Ring[]) {
    const sizes = rings.map((r) => r.cells.length).join(',');
    const args = [tenantId, ...rings.flatMap((r) => r.cells)];
    const probe = await anyChargedCell(sizes).first(db, [...args, ...ringBounds(rings)]);
    return probe?.charged ? await sumRings(sizes).rows(db, args) : [];
  }

  async function bump(tenantId: string, points: readonly LatLng[], column: Counter) {
    const cells = countedCells(points);
    if (cells.length === 0) return;
    const args = cells.flatMap(({ resolution, cell }) => [tenantId, resolution, cell]);
    await bumpCells(`${column}:${cells.length}`).execute(db, args);
  }

  return {
    countPayment: (tenantId: string, points: readonly LatLng[]) => bump(tenantId, points, 'payments'),
    countChargeback: (tenantId: string, points: readonly LatLng[]) => bump(tenantId, points, 'chargebacks'),

    /**
     * The rates around each point, in their order: one statement for them all on PostgreSQL; on SQLite,
     * per point, the three rings in one statement (H3 cells name their resolution, so each row sums into
     * one ring), read only when a ring holds a chargeback.
     */
    async ratesAt(tenantId: string, points: readonly LatLng[]): Promise<ChargebackRates[]> {
      if (points.length === 0) return [];
      if (onPostgres(db))
        return ratesFromSums(
          points,
          await ringSumsStatement.rows(db, { tenantId, ...ringCellColumns(points) }),
        );
      const rows = [];
      for (const [index, point] of points.entries()) {
        const sums = await sumRingsOnSqlite(tenantId, ringCells(point));
        rows.push(...sums.map((r) => ({ ...r, point: index })));
      }
      return ratesFromSums(points, rows);
    },

    /** Whether the payment was already counted as charged back (chargeback and chargeback_notification count once). */
    async alreadyChargedBack(tenantId: string, paymentId: string): Promise<boolean> {
      const row = await db
        .selectFrom('feedbacks')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('payment_id', '=', paymentId)
        .where('event', 'in', ['chargeback', 'chargeback_notification'])
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type AreaStatsRepo = ReturnType<typeof makeAreaStatsRepo>;
