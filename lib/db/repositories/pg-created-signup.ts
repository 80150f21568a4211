import { compileStatement } from './compiled-statement';
import { signupValues, type NewSignupRow } from './signup-values';

/**
 * PostgreSQL: a new signup and its first `signup_assessments` row (trigger `created`) in ONE statement,
 * a data-modifying CTE: one round trip instead of two, and the verdict's JSON (reasons, evidence,
 * explanation) sent once, the history row copying it from the inserted signup. A round trip costs
 * both processes a socket write, a wake-up and a protocol pass, which on this path outweighs the
 * statements' own work. SQLite has no data-modifying CTEs and no round trips: it runs the two inserts.
 */
export const insertCreatedSignup = compileStatement((db, a: NewSignupRow & { assessment_id: string }) =>
  db
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
    ),
);
