import { sql, type QueryCreator } from 'kysely';
import type { Database } from '../schema';
import { compiledFamily } from './compiled-statement';
import type { Executor } from './executor';
import { openSignupsNearQuery } from './open-signups-near';
import { signupValues, type NewSignupRow } from './signup-values';

/**
 * PostgreSQL: a new signup and its first `signup_assessments` row (trigger `created`) in ONE statement,
 * a data-modifying CTE: one round trip instead of two, and the verdict's JSON (reasons, evidence,
 * explanation) sent once, the history row copying it from the inserted signup. A round trip costs
 * both processes a socket write, a wake-up and a protocol pass, which on this path outweighs the
 * statements' own work. SQLite has no data-modifying CTEs and no round trips: it runs the two inserts.
 *
 * The statement comes in three shapes:
 * - `plain`: the two inserts;
 * - `counting`: the statement also returns, as JSON rows (`open_near`), the open signups around the
 *   installation that a signup declaring a new address makes `scheduleReassessment` count right after
 *   the insert, inside the same transaction — one more round trip. Read by the same statement, they
 *   leave the new signup out (a statement does not see its own writes);
 * - `unlessOpen`: the inserts happen only when there are no such open signups (nothing for the new
 *   address to reassess), so that the statement can be the signup's whole write, a transaction of its
 *   own without BEGIN and COMMIT; when there are some it writes nothing (its row count is 0) and the
 *   caller writes the signup and the reassessments it arms in one transaction.
 */
export type CreatedSignupShape = 'plain' | 'counting' | 'unlessOpen';

/** The columns of `openSignupsNearQuery`, as `json_agg` returns them. */
interface OpenNearRow {
  tenant_id: string;
  installation_id: string;
  n: number;
  own: number;
}

type CreatedSignupArgs = NewSignupRow & { assessment_id: string };

// The signup's own moment is the window's `now`.
const openNear = (db: Executor, a: CreatedSignupArgs) =>
  openSignupsNearQuery(db, {
    tenantId: a.tenant_id,
    installationId: a.installation_id,
    deviceId: a.device_id,
    now: a.created_at,
  });

/** The signup, as an INSERT … VALUES, or as an INSERT … SELECT that writes only when nothing is open around it. */
const signupInsert = (db: QueryCreator<Database>, a: CreatedSignupArgs, unlessOpen: boolean) => {
  const values = signupValues(a);
  if (!unlessOpen) return db.insertInto('signups').values(values);
  const columns = Object.keys(values) as (keyof typeof values)[];
  // PostgreSQL types the SELECT's parameters by the columns they are inserted into, as in VALUES.
  return db
    .insertInto('signups')
    .columns(columns)
    .expression(
      db
        .selectNoFrom((eb) => columns.map((c) => eb.val(values[c]).as(c)))
        .where(sql<boolean>`not exists (select 1 from open_near)`),
    );
};

export const insertCreatedSignup = compiledFamily(
  (shape: CreatedSignupShape) => (db: Executor, a: CreatedSignupArgs) => {
    const inserted = (w: QueryCreator<Database>) =>
      signupInsert(w, a, shape === 'unlessOpen').returning([
        'id',
        'tenant_id',
        'risk_assessment',
        'reasons',
        'evidence',
        'explanation',
        'created_at',
      ]);
    const insert = (shape === 'unlessOpen' ? db.with('open_near', () => openNear(db, a)) : db)
      .with('signup', (w) => inserted(w))
      .insertInto('signup_assessments')
      .columns([
        'id',
        'tenant_id',
        'signup_id',
        'risk_assessment',
        'reasons',
        'evidence',
        'explanation',
        'trigger',
        'assessed_at',
      ])
      .expression((e) =>
        e
          .selectFrom('signup')
          .select((s) => [
            s.val(a.assessment_id).as('id'),
            'signup.tenant_id',
            'signup.id',
            'signup.risk_assessment',
            'signup.reasons',
            'signup.evidence',
            'signup.explanation',
            s.val('created').as('trigger'),
            'signup.created_at',
          ]),
      );
    if (shape !== 'counting') return insert;
    const open = openNear(db, a).as('o');
    return insert.returning(() => [
      db
        .selectFrom(open)
        .select(sql<OpenNearRow[] | null>`json_agg(o)`.as('j'))
        .as('open_near'),
    ]);
  },
);
