import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../connect';

/**
 * PostgreSQL: the area counters that hold a chargeback, as a partial index of `area_chargebacks` on
 * (tenant_id, cell), as SQLite has had since 0611. A payment's history statement sums the counters of
 * 33 cells around each address (33 probes of the primary key), yet a rate is 0 unless its ring holds a
 * chargeback, and most cells hold none: the statement now first asks this index whether any of the
 * cells does (area-stats-repo.ts `ringSumsOnPostgres`). H3 cells name their resolution, so the cell
 * alone identifies a counter of the tenant. Only chargebacks put a counter here; the payments counted
 * (the column the hot upserts change) are not in the index, so those updates stay HOT.
 */
export function postgresAreaChargebacksChargedMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      await db.schema
        .createIndex('area_chargebacks_charged_cells')
        .on('area_chargebacks')
        .columns(['tenant_id', 'cell'])
        .where(sql.ref('chargebacks'), '>', 0)
        .execute();
    },
  };
}
