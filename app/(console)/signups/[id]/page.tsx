import Link from 'next/link';
import { AssessmentTimeline } from '../../../../components/case/assessment-timeline';
import { CaseAssignment } from '../../../../components/case/case-assignment';
import { CaseHistory } from '../../../../components/case/case-history';
import { DevicePanel } from '../../../../components/case/device-panel';
import { EvidenceList } from '../../../../components/case/evidence-list';
import { DecisionForm } from '../../../../components/decision/decision-form';
import { EvidenceMap } from '../../../../components/map/evidence-map';
import { WebhookHistory } from '../../../../components/webhooks/webhook-history';
import { adaptSignupDetail } from '../../../../lib/console-api/adapt-signup-detail';
import { mapStyleUrl } from '../../../../lib/console-api/config';
import { SIGNUP_DECISIONS } from '../../../../lib/console-api/decision-options';
import { loadOrFail } from '../../../../lib/console-api/load-or-fail';
import { requireConsoleUser } from '../../../../lib/console-api/session';
import { roleAtLeast } from '../../../../lib/contracts/console/common';

export const metadata = { title: 'Signup' };

export default async function SignupDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { api, user } = await requireConsoleUser('analyst', `/signups/${id}`);
  const isManager = roleAtLeast(user.role, 'manager');
  const [detail, assignable] = await Promise.all([
    loadOrFail(api.signups.get(id)),
    isManager ? api.assignableUsers().then((r) => r.users) : Promise.resolve(null),
  ]);
  const view = adaptSignupDetail(detail);
  return (
    <div className="stack">
      <div className="row">
        <Link href="/signups">← Queue</Link>
        <h1 style={{ margin: 0 }}>
          Signup <span className="mono">{view.id}</span>
        </h1>
        <span className={`badge ${view.risk}`} data-testid="verdict">
          {view.riskLabel}
        </span>
        <span className="badge status" data-testid="review-status">
          {view.statusLabel}
          {view.outcome ? ` · ${view.outcome}` : ''}
        </span>
        <span className="spacer" />
        <CaseAssignment
          kind="signups"
          caseId={view.id}
          status={view.status}
          assignee={view.assignee}
          me={{ id: user.id, email: user.email }}
          assignable={assignable}
        />
      </div>
      <div className="grid two">
        <div className="stack">
          <section className="panel">
            <h2>Map</h2>
            <EvidenceMap view={view.map} styleUrl={mapStyleUrl()} />
          </section>
          <section className="panel">
            <h2>Evidence</h2>
            <EvidenceList lines={view.evidence} />
          </section>
          <section className="panel">
            <h2>Webhook events</h2>
            <WebhookHistory events={view.webhooks} />
          </section>
        </div>
        <div className="stack">
          <section className="panel">
            <h2>Decision</h2>
            <DecisionForm
              kind="signups"
              caseId={view.id}
              options={SIGNUP_DECISIONS}
              closed={view.status === 'closed'}
            />
          </section>
          <section className="panel">
            <h2>Why</h2>
            {view.reasons.length === 0 ? (
              <p className="muted">No reasons given.</p>
            ) : (
              <ul data-testid="reasons">
                {view.reasons.map((r) => (
                  <li key={r.code}>
                    {r.label}{' '}
                    <span className="muted small">
                      ({r.code}, {r.source})
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <dl className="facts">
              <dt>Declared address</dt>
              <dd>{view.address.text}</dd>
              <dt>Placed at</dt>
              <dd>
                {view.address.coordinates ?? 'not placed'}
                {view.address.geocodeQuality ? ` (geocode ${view.address.geocodeQuality})` : ''}
              </dd>
              <dt>Created</dt>
              <dd>{view.created}</dd>
              <dt>Reassessed until</dt>
              <dd>{view.reassessUntil}</dd>
              <dt>Request id</dt>
              <dd className="mono">{view.requestId}</dd>
            </dl>
          </section>
          <section className="panel">
            <h2>Assessment timeline</h2>
            <AssessmentTimeline entries={view.timeline} />
          </section>
          <section className="panel">
            <h2>Device</h2>
            <DevicePanel device={view.device} />
          </section>
          <section className="panel">
            <h2>History</h2>
            <CaseHistory feedbacks={view.feedbacks} audit={view.audit} />
          </section>
        </div>
      </div>
    </div>
  );
}
