import type { Executor } from '../repositories/executor';
import { signupHistory } from '../repositories/signup-history';
import { signupIdsOf, transactionIdsOf, type Subject } from './subject';

/** Everything stored about the subject, as rows (lib/usecases/export-subject.ts shapes the document). */
export async function loadSubjectRows(db: Executor, s: Subject) {
  const isInstallation = s.type === 'installation';
  const tenant = s.tenantId;
  const [installation, events, fingerprint, links, signups, assessments, transactions, feedbacks, webhooks] =
    await Promise.all([
      isInstallation
        ? db
            .selectFrom('installations')
            .selectAll()
            .where('tenant_id', '=', tenant)
            .where('installation_id', '=', s.id)
            .executeTakeFirst()
        : undefined,
      isInstallation
        ? db
            .selectFrom('location_events')
            .select(['ts', 'lat', 'lng', 'accuracy_m', 'source', 'mock', 'received_at'])
            .where('tenant_id', '=', tenant)
            .where('installation_id', '=', s.id)
            .orderBy('ts')
            .execute()
        : [],
      isInstallation
        ? db
            .selectFrom('location_fingerprints')
            .select('fingerprint')
            .where('tenant_id', '=', tenant)
            .where('installation_id', '=', s.id)
            .executeTakeFirst()
        : undefined,
      db
        .selectFrom('installation_accounts')
        .selectAll()
        .where('tenant_id', '=', tenant)
        .where(isInstallation ? 'installation_id' : 'account_id', '=', s.id)
        .orderBy('first_seen_at')
        .execute(),
      isInstallation
        ? db
            .selectFrom('signups')
            .selectAll()
            .where('tenant_id', '=', tenant)
            .where('installation_id', '=', s.id)
            .orderBy('created_at')
            .execute()
        : [],
      isInstallation
        ? signupHistory(db, tenant, signupIdsOf(db, tenant, s.id))
            .orderBy('assessed_at')
            .execute()
        : [],
      db
        .selectFrom('transactions')
        .selectAll()
        .where('tenant_id', '=', tenant)
        .where('id', 'in', transactionIdsOf(db, s))
        .orderBy('created_at')
        .execute(),
      db
        .selectFrom('feedbacks')
        .selectAll()
        .where('tenant_id', '=', tenant)
        .where((eb) =>
          eb.or([
            eb(isInstallation ? 'installation_id' : 'account_id', '=', s.id),
            eb('payment_id', 'in', transactionIdsOf(db, s)),
            eb('login_id', 'in', transactionIdsOf(db, s)),
          ]),
        )
        .orderBy('created_at')
        .execute(),
      isInstallation
        ? db
            .selectFrom('webhook_events')
            .selectAll()
            .where('tenant_id', '=', tenant)
            .where('signup_id', 'in', signupIdsOf(db, tenant, s.id))
            .orderBy('created_at')
            .execute()
        : [],
    ]);
  return {
    installation,
    events,
    fingerprint,
    links,
    signups,
    assessments,
    transactions,
    feedbacks,
    webhooks,
  };
}
export type SubjectRows = Awaited<ReturnType<typeof loadSubjectRows>>;
