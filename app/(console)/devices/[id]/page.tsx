import Link from 'next/link';
import { IntegrityChips } from '../../../../components/case/integrity-chips';
import { CaseRefTable } from '../../../../components/case/related-cases';
import { EntityFeedbackList } from '../../../../components/entity/entity-feedback-list';
import { InstallationList } from '../../../../components/entity/installation-list';
import { adaptDeviceProfile } from '../../../../lib/console-api/adapt-entities';
import { loadOrFail } from '../../../../lib/console-api/load-or-fail';
import { requireConsoleUser } from '../../../../lib/console-api/session';

export const metadata = { title: 'Device' };

export default async function DevicePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { api } = await requireConsoleUser('analyst', `/devices/${id}`);
  const view = adaptDeviceProfile(await loadOrFail(api.device(decodeURIComponent(id))));
  return (
    <div className="stack" data-testid="device-page">
      <h1>
        Device · {view.title} {view.deviceId ? <span className="mono">{view.deviceId}</span> : null}
      </h1>
      <div className="grid halves">
        <section className="panel" aria-labelledby="installations-title">
          <h2 id="installations-title">Installations ({view.installations.length})</h2>
          <InstallationList installations={view.installations} />
        </section>
        <section className="panel" aria-labelledby="accounts-title">
          <h2 id="accounts-title">Accounts used on it ({view.accounts.length})</h2>
          {view.accounts.length === 0 ? (
            <p className="muted">No account seen.</p>
          ) : (
            <ul className="plain-list" data-testid="device-accounts">
              {view.accounts.map((a) => (
                <li key={a.id}>
                  <Link href={a.href} className="mono">
                    {a.id}
                  </Link>{' '}
                  <span className="small muted">{a.seen}</span>
                </li>
              ))}
            </ul>
          )}
          <h3 style={{ marginTop: 12 }}>Places</h3>
          <p className="small">{view.places.length ? view.places.join(' · ') : 'No place yet.'}</p>
        </section>
      </div>
      <section className="panel" aria-labelledby="signups-title">
        <h2 id="signups-title">Signups ({view.signups.length})</h2>
        {view.signups.length ? (
          <CaseRefTable cases={view.signups} testId="device-signups" />
        ) : (
          <p className="muted">None.</p>
        )}
      </section>
      <section className="panel" aria-labelledby="payments-title">
        <h2 id="payments-title">Payments and logins ({view.payments.length})</h2>
        {view.payments.length ? (
          <CaseRefTable cases={view.payments} testId="device-payments" />
        ) : (
          <p className="muted">None.</p>
        )}
      </section>
      <div className="grid halves">
        <section className="panel" aria-labelledby="integrity-title">
          <h2 id="integrity-title">Integrity over time</h2>
          {view.integrity.length === 0 ? (
            <p className="muted">No assessment recorded integrity flags yet.</p>
          ) : (
            <ul className="timeline" data-testid="integrity-history">
              {view.integrity.map((p, i) => (
                <li key={i}>
                  <span className="small">
                    {p.span} · {p.assessments === 1 ? 'one assessment' : `${p.assessments} assessments`}, from{' '}
                    <Link href={p.caseHref}>{p.caseLabel}</Link>
                  </span>
                  <IntegrityChips flags={p.flags} />
                </li>
              ))}
            </ul>
          )}
          <h3 style={{ marginTop: 12 }}>Location events per day</h3>
          <table className="data compact" data-testid="events-by-day">
            <thead>
              <tr>
                <th scope="col">Day (UTC)</th>
                <th scope="col">Events</th>
                <th scope="col">Mock locations</th>
              </tr>
            </thead>
            <tbody>
              {view.eventsByDay.map((d) => (
                <tr key={d.day}>
                  <td>{d.day}</td>
                  <td>{d.events}</td>
                  <td className={d.mock > 0 ? 'error' : undefined}>{d.mock}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section className="panel" aria-labelledby="feedback-title">
          <h2 id="feedback-title">Feedback</h2>
          <EntityFeedbackList feedbacks={view.feedbacks} />
        </section>
      </div>
    </div>
  );
}
