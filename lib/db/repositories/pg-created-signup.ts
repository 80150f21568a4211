import { sql } from 'kysely';
import { compiledFamily } from './compiled-statement';
import { openSignupsNearQuery } from './open-signups-near';
import { signupValues, type NewSignupRow } from './signup-values';

/**
 * PostgreSQL: a new signup and its first `signup_assessments` row (trigger `created`) in ONE statement,
 * a data-modifying CTE: one round trip instead of two, and the verdict's JSON (reasons, evidence,
 * explanation) sent once, the history row copying it from the inserted signup. A round trip costs
 * both processes a socket write, a wake-up and a protocol pass, which on this path outweighs the
 * statements' own work. SQLite has no data-modifying CTEs and no round trips: it runs the two inserts.
 *
 * `counting`: the statement also returns, as JSON rows (`open_near`), the open signups around the
 * installation that a signup declaring a new address makes `scheduleReassessment` count right after
 * the insert, inside the same transaction — one more round trip. Read by the same statement, they
 * leave the new signup out (a statement does not see its own writes).
 */
/** The columns of `openSignupsNearQuery`, as `json_agg` returns them. */
interface OpenNearRow {
  tenant_id: string;
  installation_id: string;
  n: number;
  own: number;
}

type CreatedSignupArgs = NewSignupRow & { assessment_id: string };

export const insertCreatedSignup = compiledFamily((counting: boolean) => (db, a: CreatedSignupArgs) => {
  const insert = db
    .with('signup', (w) =>
      w
        .insertInto('signups')
        .values(signupValues(a))
        .returning([
          'id',
          'tenant_id',
          'risk_assessment',
          'reasons',
          'evidence',
          'explanation',
          'created_at',
        ]),
    )
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
  if (!counting) return insert;
  // The signup's own moment is the window's `now`.
  const open = openSignupsNearQuery(db, {
    tenantId: a.tenant_id,
    installationId: a.installation_id,
    deviceId: a.device_id,
    now: a.created_at,
  }).as('o');
  return insert.returning(() => [
    db
      .selectFrom(open)
      .select(sql<OpenNearRow[] | null>`json_agg(o)`.as('j'))
      .as('open_near'),
  ]);
});
