import { CaseRefTable } from '../../../../components/case/related-cases';
import { EntityFeedbackList } from '../../../../components/entity/entity-feedback-list';
import { InstallationList } from '../../../../components/entity/installation-list';
import { adaptAccountProfile } from '../../../../lib/console-api/adapt-entities';
import { loadOrFail } from '../../../../lib/console-api/load-or-fail';
import { requireConsoleUser } from '../../../../lib/console-api/session';

export const metadata = { title: 'Account' };

export default async function AccountPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { api } = await requireConsoleUser('analyst', `/accounts/${id}`);
  const view = adaptAccountProfile(await loadOrFail(api.account(decodeURIComponent(id))));
  return (
    <div className="stack" data-testid="account-page">
      <h1>
        Account <span className="mono">{view.accountId}</span>
      </h1>
      <section className="panel" aria-labelledby="payments-title">
        <h2 id="payments-title">Payments and logins ({view.payments.length})</h2>
        {view.payments.length ? (
          <CaseRefTable cases={view.payments} testId="account-payments" />
        ) : (
          <p className="muted">None.</p>
        )}
      </section>
      <div className="grid halves">
        <section className="panel" aria-labelledby="installations-title">
          <h2 id="installations-title">Devices it was used on ({view.installations.length})</h2>
          <InstallationList installations={view.installations} />
        </section>
        <section className="panel" aria-labelledby="feedback-title">
          <h2 id="feedback-title">Feedback</h2>
          <EntityFeedbackList feedbacks={view.feedbacks} />
        </section>
      </div>
      <section className="panel" aria-labelledby="signups-title">
        <h2 id="signups-title">Signups from those devices ({view.signups.length})</h2>
        {view.signups.length ? <CaseRefTable cases={view.signups} /> : <p className="muted">None.</p>}
      </section>
    </div>
  );
}
