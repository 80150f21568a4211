import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../connect';

/**
 * SQLite: the area counters that hold a chargeback, as a partial index of `area_chargebacks`. A payment's
 * rates read the counters of 33 cells around each address; a rate is 0 unless its ring holds a
 * chargeback, and most rings hold none, so SQLite first probes this index (kept small: only charged-back
 * cells, written by chargebacks, never by the payments counted) and sums the counters only when a ring
 * has one (area-stats-repo.ts). PostgreSQL reads the rings in the statement it already sends and is left
 * as it is.
 */
export function areaChargebacksChargedMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'sqlite') return;
      await db.schema
        .createIndex('area_chargebacks_charged')
        .on('area_chargebacks')
        .columns(['tenant_id', 'resolution', 'cell'])
        .where(sql.ref('chargebacks'), '>', 0)
        .execute();
    },
  };
}
