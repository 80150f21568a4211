import { sql } from 'kysely';
import { compiledFamily } from './compiled-statement';
import type { Executor } from './executor';
import { noOpenSignupsNear, openSignupsNearQuery } from './open-signups-near';
import { signupValues, type NewSignupRow } from './signup-values';

/**
 * PostgreSQL: a new signup's INSERT that also reads, in the same statement, what the signup's write
 * would otherwise read in a round trip of its own. A round trip costs both processes a socket write, a
 * wake-up and a protocol pass, which on this path outweighs the statements' own work. SQLite has no
 * round trips: it runs the plain insert and the count. (A new signup writes no `signup_assessments`
 * row: its verdict is its first assessment, signup-history.ts.)
 *
 * The statement comes in two shapes:
 * - `counting`: the statement also returns, as JSON rows (`open_near`), the open signups around the
 *   installation that a signup declaring a new address makes `scheduleReassessment` count right after
 *   the insert, inside the same transaction — one more round trip. Read by the same statement, they
 *   leave the new signup out (a statement does not see its own writes);
 * - `unlessOpen`: the insert happens only when there are no such open signups (nothing for the new
 *   address to reassess), so that the statement can be the signup's whole write, a transaction of its
 *   own without BEGIN and COMMIT; when there are some it writes nothing (its row count is 0) and the
 *   caller writes the signup and the reassessments it arms in one transaction. It asks only whether
 *   there are any (`noOpenSignupsNear`: two NOT EXISTS probes), not how many.
 */
export type CreatedSignupShape = 'counting' | 'unlessOpen';

/** The columns of `openSignupsNearQuery`, as `json_agg` returns them. */
interface OpenNearRow {
  tenant_id: string;
  installation_id: string;
  n: number;
  own: number;
}

// The signup's own moment is the window's `now`.
const nearArgs = (a: NewSignupRow) => ({
  tenantId: a.tenant_id,
  installationId: a.installation_id,
  deviceId: a.device_id,
  now: a.created_at,
});

export const insertCreatedSignup = compiledFamily(
  (shape: CreatedSignupShape) => (db: Executor, a: NewSignupRow) => {
    const values = signupValues(a);
    if (shape === 'counting') {
      const open = openSignupsNearQuery(db, nearArgs(a)).as('o');
      return db
        .insertInto('signups')
        .values(values)
        .returning(() => [
          db
            .selectFrom(open)
            .select(sql<OpenNearRow[] | null>`json_agg(o)`.as('j'))
            .as('open_near'),
        ]);
    }
    const columns = Object.keys(values) as (keyof typeof values)[];
    // PostgreSQL types the SELECT's parameters by the columns they are inserted into, as in VALUES.
    return db
      .insertInto('signups')
      .columns(columns)
      .expression(
        db
          .selectNoFrom((eb) => columns.map((c) => eb.val(values[c]).as(c)))
          .where(noOpenSignupsNear(db, nearArgs(a))),
      );
  },
);
