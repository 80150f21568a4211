import type { Executor } from '../repositories/executor';

/** The distinct events the client reported through the API, from a case's feedback list. */
export const clientEvents = (feedbacks: { origin: string; event: string }[]) => [
  ...new Set(feedbacks.filter((f) => f.origin === 'api').map((f) => f.event)),
];

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

/** Events the client reported through the API about each case of a page (origin api, oldest first). */
export async function clientFeedbackOf(
  db: Executor,
  tenantId: string,
  table: 'signups' | 'transactions',
  ids: string[],
): Promise<Map<string, string[]>> {
  const byCase = new Map<string, string[]>();
  if (ids.length === 0) return byCase;
  const columns = table === 'signups' ? (['signup_id'] as const) : (['payment_id', 'login_id'] as const);
  for (const column of columns) {
    const rows = await db
      .selectFrom('feedbacks')
      .select([column, 'event'])
      .where('tenant_id', '=', tenantId)
      .where(column, 'in', ids)
      .where('origin', '=', 'api')
      .orderBy('occurred_at', 'asc')
      .execute();
    for (const row of rows) {
      const id = row[column];
      if (id === null) continue;
      const events = byCase.get(id) ?? [];
      if (!events.includes(row.event)) events.push(row.event);
      byCase.set(id, events);
    }
  }
  return byCase;
}
