import { AssessmentTimeline } from '../../../../components/case/assessment-timeline';
import { CaseHeader } from '../../../../components/case/case-header';
import { CaseHistory } from '../../../../components/case/case-history';
import { DevicePanel } from '../../../../components/case/device-panel';
import { EvidenceList } from '../../../../components/case/evidence-list';
import { ReasonList } from '../../../../components/case/reason-list';
import { DecisionForm } from '../../../../components/decision/decision-form';
import { EvidenceMap } from '../../../../components/map/evidence-map';
import { WebhookHistory } from '../../../../components/webhooks/webhook-history';
import { adaptSignupDetail } from '../../../../lib/console-api/adapt-signup-detail';
import { mapStyleUrl } from '../../../../lib/console-api/config';
import { SIGNUP_DECISIONS } from '../../../../lib/console-api/decision-options';
import { loadCase } from '../../../../lib/console-api/load-case';

export const metadata = { title: 'Signup' };

export default async function SignupDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { detail, me, assignable } = await loadCase(`/signups/${id}`, (api) => api.signups.get(id));
  const view = adaptSignupDetail(detail);
  return (
    <div className="stack">
      <CaseHeader kind="signups" title="Signup" view={view} me={me} assignable={assignable} />
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
            <ReasonList reasons={view.reasons} />
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
