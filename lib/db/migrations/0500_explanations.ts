import type { Kysely, Migration } from 'kysely';
import { json } from './column-types';

/**
 * How each assessment was reached (lib/domain/verdict/explanation.ts): a JSON column next to the
 * evidence on signups (the latest), each signup assessment and transactions. Null for rows assessed
 * before it existed and for payments registered without evaluation.
 */
export const explanationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['signups', 'signup_assessments', 'transactions']) {
      await db.schema.alterTable(table).addColumn('explanation', json).execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['signups', 'signup_assessments', 'transactions']) {
      await db.schema.alterTable(table).dropColumn('explanation').execute();
    }
  },
};
