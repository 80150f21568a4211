import type { DeviceProfile } from '../../contracts/console/entities';
import type { Executor } from '../repositories/executor';

type EntityFeedback = DeviceProfile['feedbacks'][number];

/**
 * Feedback about any of the installations, or about the account and its payments and logins, newest
 * first, with what it is about.
 */
export async function entityFeedbacks(
  db: Executor,
  tenantId: string,
  by: { installationIds?: string[]; accountId?: string; transactionIds?: string[] },
): Promise<EntityFeedback[]> {
  const select = () =>
    db
      .selectFrom('feedbacks')
      .select([
        'id',
        'event',
        'occurred_at',
        'origin',
        'author',
        'comment',
        'signup_id',
        'payment_id',
        'login_id',
        'account_id',
      ])
      .where('tenant_id', '=', tenantId)
      .orderBy('occurred_at', 'desc')
      .limit(200);
  const rows = [
    ...(by.installationIds?.length
      ? await select().where('installation_id', 'in', by.installationIds).execute()
      : []),
    ...(by.accountId ? await select().where('account_id', '=', by.accountId).execute() : []),
    ...(by.transactionIds?.length
      ? await select().where('payment_id', 'in', by.transactionIds).execute()
      : []),
    ...(by.transactionIds?.length ? await select().where('login_id', 'in', by.transactionIds).execute() : []),
  ];
  const unique = [...new Map(rows.map((r) => [r.id, r])).values()];
  return unique
    .sort((a, b) => Number(b.occurred_at) - Number(a.occurred_at))
    .map((r) => ({
      id: r.id,
      event: r.event,
      occurred_at: Number(r.occurred_at),
      origin: r.origin,
      author: r.author,
      comment: r.comment,
      subject: r.signup_id
        ? `signup ${r.signup_id}`
        : r.payment_id
          ? `payment ${r.payment_id}`
          : r.login_id
            ? `login ${r.login_id}`
            : r.account_id
              ? `account ${r.account_id}`
              : null,
    }));
}
