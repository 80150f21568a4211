import Link from 'next/link';
import { AssessmentTimeline } from '../../../../components/case/assessment-timeline';
import { CaseHeader } from '../../../../components/case/case-header';
import { CaseHistory } from '../../../../components/case/case-history';
import { DevicePanel } from '../../../../components/case/device-panel';
import { EvidenceList } from '../../../../components/case/evidence-list';
import { RelatedCases } from '../../../../components/case/related-cases';
import { WhyVerdict } from '../../../../components/case/why-verdict';
import { DecideJump } from '../../../../components/case/decide-jump';
import { DecisionForm } from '../../../../components/decision/decision-form';
import { EvidenceMap } from '../../../../components/map/evidence-map';
import { WebhookHistory } from '../../../../components/webhooks/webhook-history';
import { adaptSignupDetail } from '../../../../lib/console-api/adapt-signup-detail';
import { mapStyleUrl } from '../../../../lib/console-api/config';
import { SIGNUP_DECISIONS } from '../../../../lib/console-api/decision-options';
import { loadCase } from '../../../../lib/console-api/load-case';
import { withMapContext } from '../../../../lib/console-api/map-context';

export const metadata = { title: 'Signup' };

export default async function SignupDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { detail, me, assignable, api } = await loadCase(`/signups/${id}`, (api) => api.signups.get(id));
  const view = adaptSignupDetail(detail);
  const map = await withMapContext(api, view.map);
  return (
    <div className="stack">
      <CaseHeader kind="signups" title="Signup" view={view} me={me} assignable={assignable} />
      <div className="case-layout">
        <section className="panel area-why" aria-labelledby="why-title">
          <h2 id="why-title">Why this verdict</h2>
          <WhyVerdict why={view.why} />
        </section>
        <section className="panel area-decision" id="decision" aria-labelledby="decision-title">
          <h2 id="decision-title">Decision</h2>
          <DecisionForm
            kind="signups"
            caseId={view.id}
            options={SIGNUP_DECISIONS}
            closed={view.status === 'closed'}
          />
          <dl className="facts" style={{ marginTop: 12 }}>
            <dt>Declared address</dt>
            <dd>{view.address.text}</dd>
            <dt>Placed at</dt>
            <dd>
              {view.address.coordinates ?? 'not placed'}
              {view.address.geocodeQuality ? ` (geocode ${view.address.geocodeQuality})` : ''}
            </dd>
            <dt>Device</dt>
            <dd className="mono">
              <Link href={view.deviceHref}>{view.installationId}</Link>
            </dd>
            <dt>Created</dt>
            <dd>{view.created}</dd>
            <dt>Reassessed until</dt>
            <dd>{view.reassessUntil}</dd>
            <dt>Request id</dt>
            <dd className="mono">{view.requestId}</dd>
          </dl>
        </section>
        <div className="stack area-main">
          <section className="panel" aria-labelledby="map-title">
            <h2 id="map-title">Map</h2>
            <EvidenceMap view={map} styleUrl={mapStyleUrl()} />
          </section>
          <section className="panel" aria-labelledby="evidence-title">
            <h2 id="evidence-title">Evidence</h2>
            <EvidenceList lines={view.evidence} />
          </section>
          <section className="panel" aria-labelledby="related-title">
            <h2 id="related-title">Other cases on this device, account and address</h2>
            <RelatedCases view={view.related} />
          </section>
          <section className="panel" aria-labelledby="webhooks-title">
            <h2 id="webhooks-title">Webhook events</h2>
            <WebhookHistory events={view.webhooks} />
          </section>
        </div>
        <div className="stack area-side">
          <section className="panel" aria-labelledby="timeline-title">
            <h2 id="timeline-title">Assessment timeline</h2>
            <AssessmentTimeline entries={view.timeline} />
          </section>
          <section className="panel" aria-labelledby="device-title">
            <h2 id="device-title">Device</h2>
            <DevicePanel device={view.device} assessedEvents={view.assessedEvents} />
          </section>
          <section className="panel" aria-labelledby="history-title">
            <h2 id="history-title">History</h2>
            <CaseHistory feedbacks={view.feedbacks} audit={view.audit} />
          </section>
        </div>
      </div>
      <DecideJump />
    </div>
  );
}
