import type { Executor } from '../repositories/executor';

/** Feedback recorded about one signup or payment (from the API or from analysts), oldest first. */
export async function loadCaseFeedbacks(
  db: Executor,
  tenantId: string,
  subject: { signupId?: string; paymentId?: string },
) {
  let query = db
    .selectFrom('feedbacks')
    .select(['id', 'event', 'occurred_at', 'origin', 'author', 'comment'])
    .where('tenant_id', '=', tenantId);
  if (subject.signupId) query = query.where('signup_id', '=', subject.signupId);
  if (subject.paymentId)
    query = query.where((eb) =>
      eb.or([eb('payment_id', '=', subject.paymentId!), eb('login_id', '=', subject.paymentId!)]),
    );
  const rows = await query.orderBy('occurred_at', 'asc').limit(200).execute();
  return rows.map((r) => ({ ...r, occurred_at: Number(r.occurred_at) }));
}

/** The id of the newest feedback an analyst recorded in the console about a case (its decision). */
export async function latestConsoleFeedbackId(
  db: Executor,
  tenantId: string,
  subject: { column: 'signup_id' | 'payment_id' | 'login_id'; id: string },
): Promise<string | null> {
  const row = await db
    .selectFrom('feedbacks')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where(subject.column, '=', subject.id)
    .where('origin', '=', 'console')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}
