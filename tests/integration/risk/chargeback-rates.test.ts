import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../../lib/db/connect';
import { migrateToLatest } from '../../../lib/db/migrate';
import { makeAreaStatsRepo } from '../../../lib/db/repositories/area-stats-repo';
import { ringCells } from '../../../lib/domain/area/chargeback-areas';
import { destinationPoint } from '../../../lib/domain/geo/destination-point';
import { TEST_ENGINES, freshDatabase, type TestDatabase } from '../engines';

const HOME = { lat: -23.5614, lng: -46.6559 };
const TENANT = 'tenant-rates';

/**
 * The rates around a point sum every counter of each ring, charged back or not; on SQLite they are
 * read only when a ring holds a chargeback (the partial index of migration 0611), so a ring's rate must
 * come out the same either way: 0 without a chargeback in it, the ring's share with one. PostgreSQL
 * reads them only when one of the cells holds a chargeback (the partial index of migration 0686).
 */
describe.each(TEST_ENGINES)('chargeback rates on %s', (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  afterEach(async () => {
    await handle.close();
    await database.drop();
  });

  it('sums every cell of a ring, and reads 0 where no ring holds a chargeback', async () => {
    database = await freshDatabase(engine);
    handle = connectDatabase(database.url, database.schema ? { schema: database.schema } : {});
    await migrateToLatest(handle);
    const areas = makeAreaStatsRepo(handle.db);
    // 600 m away: another 150 m cell, in the 1,500 m and 5,000 m rings of HOME.
    const near = destinationPoint(HOME, 90, 600);
    await areas.countPayment(TENANT, [HOME]);
    await areas.countPayment(TENANT, [near]);
    await areas.countPayment(TENANT, [near]);
    await areas.countPayment(TENANT, [near]);
    expect((await areas.ratesAt(TENANT, [HOME]))[0]).toEqual({ near150: 0, near1500: 0, near5000: 0 });

    await areas.countChargeback(TENANT, [HOME]);
    // HOME's own cell: 1 of 1; its wider rings: 1 of the 4 payments counted there. From `near`, HOME's
    // 150 m cell is outside its smallest ring: 0 there, 1 of 4 around. Several points: each its own, in order.
    expect(await areas.ratesAt(TENANT, [near, HOME])).toEqual([
      { near150: 0, near1500: 0.25, near5000: 0.25 },
      { near150: 1, near1500: 0.25, near5000: 0.25 },
    ]);
    expect(await areas.ratesAt(TENANT, [])).toEqual([]);
    // Another tenant's chargeback is not this tenant's.
    expect((await areas.ratesAt('tenant-other', [HOME]))[0]).toEqual({
      near150: 0,
      near1500: 0,
      near5000: 0,
    });

    if (engine === 'sqlite') {
      // The probe's condition is the index's own: INDEXED BY fails to prepare when the index cannot answer.
      const [ring] = ringCells(HOME);
      const charged = await sql<{ n: number }>`
        select count(*) as n from area_chargebacks indexed by area_chargebacks_charged
        where tenant_id = ${TENANT} and resolution = ${ring!.resolution}
          and cell in (${sql.join([...ring!.cells])}) and chargebacks > 0`.execute(handle.db);
      expect(Number(charged.rows[0]?.n)).toBe(1);
    }
    if (engine === 'postgres') {
      // The guard before the probes (migration 0686) is answered by the partial index, not the counters.
      const plan = await handle.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        return sql<{ 'QUERY PLAN': string }>`
          explain (costs off) select 1 from area_chargebacks
          where tenant_id = ${TENANT} and cell = any(${[...ringCells(HOME)[0]!.cells]}::text[]) and chargebacks > 0`.execute(
          trx,
        );
      });
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('area_chargebacks_charged_cells');
    }
  });
});
