import type { AccountProfile } from '../../contracts/console/entities';
import type { Executor } from '../repositories/executor';
import { paymentRefs, signupRefs } from './case-refs';
import { entityFeedbacks } from './entity-feedbacks';
import { installationSummaries } from './installation-summaries';

/** An account: the installations it was used on, its payments and logins, the signups of those
 * installations and feedback about the account; null when the tenant has never seen it. */
export async function loadAccountProfile(
  db: Executor,
  tenantId: string,
  accountId: string,
): Promise<AccountProfile | null> {
  const links = await db
    .selectFrom('installation_accounts')
    .select('installation_id')
    .where('tenant_id', '=', tenantId)
    .where('account_id', '=', accountId)
    .limit(50)
    .execute();
  const installationIds = links.map((l) => l.installation_id);
  const [installations, payments, signups] = await Promise.all([
    installationSummaries(db, tenantId, installationIds),
    paymentRefs(db, tenantId, 'account_id', [accountId]),
    signupRefs(db, tenantId, 'installation_id', installationIds),
  ]);
  const feedbacks = await entityFeedbacks(db, tenantId, {
    accountId,
    transactionIds: payments.map((p) => p.id),
  });
  if (installationIds.length === 0 && payments.length === 0 && feedbacks.length === 0) return null;
  return { account_id: accountId, installations, payments, signups, feedbacks };
}
