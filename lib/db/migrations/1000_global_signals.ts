import type { Kysely, Migration } from 'kysely';
import { millis } from './column-types';

/**
 * Tenants the operator took out of global signals (docs/RISK.md "Global signals"): a row means the
 * tenant neither receives other tenants' signals nor contributes its own. No row: it takes part.
 */
export const globalSignalsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('global_signal_opt_outs')
      .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
      .addColumn('opted_out_at', millis, (c) => c.notNull())
      .execute();
  },
};
