import type { Executor } from '../repositories/executor';
import { SCRUBBED_TABLES } from './personal-data-map';
import { affected, signupIdsOf, transactionIdsOf, type StepCount, type Subject } from './subject';

/**
 * Overwrites every personal field of the subject's kept rows, in one transaction (the caller's).
 * Dependents go first and the signups and payments they are found through go last, so a run that
 * is interrupted and repeated finds what is left. Rows are bounded by one person's signups and
 * payments: one transaction, unlike the location events.
 */
export async function scrubSubject(trx: Executor, s: Subject, now: number): Promise<StepCount[]> {
  const counts: StepCount[] = [];
  const payments = () => transactionIdsOf(trx, s);
  if (s.type === 'installation') counts.push(...(await scrubSignupDependents(trx, s, now)));
  counts.push(await scrubFeedbacks(trx, s));
  counts.push(await scrubAuditComments(trx, s));
  const transactions = await trx
    .updateTable('transactions')
    .set({ ...SCRUBBED_TABLES.transactions.scrub, erased_at: now })
    .where('tenant_id', '=', s.tenantId)
    .where('id', 'in', payments())
    .executeTakeFirst();
  counts.push(affected('transactions', 'scrubbed', transactions.numUpdatedRows));
  if (s.type === 'installation') counts.push(await scrubSignups(trx, s, now));
  return counts.filter((c) => c.rows > 0);
}

/** Webhook events (pending ones are cancelled) and the assessment history of the installation's signups. */
async function scrubSignupDependents(trx: Executor, s: Subject, now: number): Promise<StepCount[]> {
  const signups = () => signupIdsOf(trx, s.tenantId, s.id);
  const cancelled = await trx
    .updateTable('webhook_events')
    .set({ status: 'cancelled', next_attempt_at: null })
    .where('tenant_id', '=', s.tenantId)
    .where('signup_id', 'in', signups())
    .where('status', '=', 'pending')
    .executeTakeFirst();
  const events = await trx
    .updateTable('webhook_events')
    .set(SCRUBBED_TABLES.webhook_events.scrub)
    .where('tenant_id', '=', s.tenantId)
    .where('signup_id', 'in', signups())
    .executeTakeFirst();
  const assessments = await trx
    .updateTable('signup_assessments')
    .set(SCRUBBED_TABLES.signup_assessments.scrub)
    .where('tenant_id', '=', s.tenantId)
    .where('signup_id', 'in', signups())
    .executeTakeFirst();
  // A signup with no stored history holds its created assessment in its own columns (signup-history.ts),
  // scrubbed with the signup below (the same scrub): counted as a history entry, as its stored row was.
  const implicit = await trx
    .selectFrom('signups as s')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('s.tenant_id', '=', s.tenantId)
    .where('s.installation_id', '=', s.id)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('signup_assessments as a').select('a.id').whereRef('a.signup_id', '=', 's.id'))),
    )
    .executeTakeFirstOrThrow();
  // Reassessment of an erased signup stops now: nothing may write new evidence into it.
  await trx
    .updateTable('signups')
    .set({ reassess_until: now })
    .where('tenant_id', '=', s.tenantId)
    .where('installation_id', '=', s.id)
    .where('reassess_until', '>', now)
    .execute();
  return [
    affected('webhook_events', 'cancelled', cancelled.numUpdatedRows),
    affected('webhook_events', 'scrubbed', events.numUpdatedRows),
    affected('signup_assessments', 'scrubbed', Number(assessments.numUpdatedRows) + Number(implicit.n)),
  ];
}

async function scrubSignups(trx: Executor, s: Subject, now: number): Promise<StepCount> {
  const result = await trx
    .updateTable('signups')
    .set({ ...SCRUBBED_TABLES.signups.scrub, erased_at: now })
    .where('tenant_id', '=', s.tenantId)
    .where('installation_id', '=', s.id)
    .executeTakeFirst();
  return affected('signups', 'scrubbed', result.numUpdatedRows);
}

/** Feedback naming the subject, or about its signups, payments and logins. */
async function scrubFeedbacks(trx: Executor, s: Subject): Promise<StepCount> {
  const result = await trx
    .updateTable('feedbacks')
    .set(SCRUBBED_TABLES.feedbacks.scrub)
    .where('tenant_id', '=', s.tenantId)
    .where((eb) =>
      eb.or([
        eb(s.type === 'installation' ? 'installation_id' : 'account_id', '=', s.id),
        eb('payment_id', 'in', transactionIdsOf(trx, s)),
        eb('login_id', 'in', transactionIdsOf(trx, s)),
        ...(s.type === 'installation' ? [eb('signup_id', 'in', signupIdsOf(trx, s.tenantId, s.id))] : []),
      ]),
    )
    .executeTakeFirst();
  return affected('feedbacks', 'scrubbed', result.numUpdatedRows);
}

/** Analysts' free-text comments on the subject's cases: who decided what and when stays in the log. */
async function scrubAuditComments(trx: Executor, s: Subject): Promise<StepCount> {
  const rows = await trx
    .selectFrom('audit_log')
    .select(['id', 'before', 'after'])
    .where('tenant_id', '=', s.tenantId)
    .where((eb) =>
      eb.or([
        eb.and([eb('subject_type', '=', 'payment'), eb('subject_id', 'in', transactionIdsOf(trx, s))]),
        ...(s.type === 'installation'
          ? [
              eb.and([
                eb('subject_type', '=', 'signup'),
                eb('subject_id', 'in', signupIdsOf(trx, s.tenantId, s.id)),
              ]),
            ]
          : []),
      ]),
    )
    .execute();
  let changed = 0;
  for (const row of rows) {
    const before = withoutComment(row.before);
    const after = withoutComment(row.after);
    if (before === row.before && after === row.after) continue;
    await trx.updateTable('audit_log').set({ before, after }).where('id', '=', row.id).execute();
    changed += 1;
  }
  return affected('audit_log', 'scrubbed', changed);
}

function withoutComment(json: string | null): string | null {
  if (json === null) return null;
  const value = JSON.parse(json) as unknown;
  if (typeof value !== 'object' || value === null || !('comment' in value)) return json;
  const { comment: _comment, ...rest } = value as Record<string, unknown>;
  return JSON.stringify(rest);
}
