import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../schema';
import { compileStatement } from './compiled-statement';
import type { Executor } from './executor';

/**
 * A signup's assessment history: its first assessment (trigger `created`) and one entry per later
 * assessment that changed its verdict.
 *
 * The first assessment is the signup's own row until something else is recorded: a new signup writes
 * no `signup_assessments` row (that row repeated the verdict's reasons, evidence and explanation, ≈ 1.9
 * KB, in the signup's write; docs/BENCHMARKS.md, "Created assessment kept implicit"). The first later
 * assessment (recordSignupAssessment) copies the signup's verdict, still the one it was created with,
 * into a `created` row under the signup's own id, and only then overwrites it. So a signup with no
 * `signup_assessments` rows has one entry, its own columns; a signup with rows has its rows, `created`
 * first, whether it was written so (before this) or copied.
 */
export const CREATED_TRIGGER = 'created';

/** The history's columns, as `signup_assessments` stores them. */
const HISTORY_COLUMNS = [
  'id',
  'tenant_id',
  'signup_id',
  'risk_assessment',
  'reasons',
  'evidence',
  'explanation',
  'trigger',
  'assessed_at',
] as const;

/** The signups whose history is read: a list of ids, or a query of them. */
type SignupIds = string[] | SelectQueryBuilder<Database, 'signups', { id: string }>;

/**
 * The history of the tenant's `signups` as `signup_assessments` rows, in no order (add `orderBy('assessed_at')`):
 * their stored rows, and for a signup with none, its created assessment read from its own columns.
 */
export function signupHistory(db: Executor, tenantId: string, ids: SignupIds) {
  const stored = db
    .selectFrom('signup_assessments')
    .select(HISTORY_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('signup_id', 'in', ids);
  const implicit = db
    .selectFrom('signups as s')
    .select([
      's.id as id',
      's.tenant_id as tenant_id',
      's.id as signup_id',
      's.risk_assessment as risk_assessment',
      's.reasons as reasons',
      's.evidence as evidence',
      's.explanation as explanation',
      // A literal, not a parameter: PostgreSQL types a UNION's columns from literals, not from parameters.
      sql.lit(CREATED_TRIGGER).as('trigger'),
      's.created_at as assessed_at',
    ])
    .where('s.tenant_id', '=', tenantId)
    .where('s.id', 'in', ids)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('signup_assessments as a')
            .select(sql.lit(1).as('one'))
            .whereRef('a.signup_id', '=', 's.id'),
        ),
      ),
    );
  return stored.unionAll(implicit);
}

/**
 * Writes a signup's created assessment from its own columns, under the signup's id, before a later
 * assessment overwrites them. Call it only for a signup with no stored history, inside the transaction
 * that records the later one. Two transactions recording the first reassessment of the same signup at
 * once on PostgreSQL may both find no history (the second reads its snapshot after waiting for the
 * first's row lock): the second's copy is the same id and is skipped.
 */
export const writeCreatedAssessment = compileStatement((db, a: { tenantId: string; signupId: string }) =>
  db
    .insertInto('signup_assessments')
    .columns([...HISTORY_COLUMNS])
    .expression(
      db
        .selectFrom('signups')
        .select([
          'id',
          'tenant_id',
          'id as signup_id',
          'risk_assessment',
          'reasons',
          'evidence',
          'explanation',
          sql.lit(CREATED_TRIGGER).as('trigger'),
          'created_at',
        ])
        // SQLite needs a WHERE in an INSERT … SELECT that has an ON CONFLICT clause; it has one.
        .where('tenant_id', '=', a.tenantId)
        .where('id', '=', a.signupId),
    )
    .onConflict((oc) => oc.column('id').doNothing()),
);
