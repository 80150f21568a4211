import Link from 'next/link';
import { CaseHeader } from '../../../../components/case/case-header';
import { CaseHistory } from '../../../../components/case/case-history';
import { DevicePanel } from '../../../../components/case/device-panel';
import { EvidenceList } from '../../../../components/case/evidence-list';
import { PaymentAddresses } from '../../../../components/case/payment-addresses';
import { RelatedCases } from '../../../../components/case/related-cases';
import { WhyVerdict } from '../../../../components/case/why-verdict';
import { DecideJump } from '../../../../components/case/decide-jump';
import { DecisionForm } from '../../../../components/decision/decision-form';
import { EvidenceMap } from '../../../../components/map/evidence-map';
import { adaptPaymentDetail } from '../../../../lib/console-api/adapt-payment-detail';
import { mapStyleUrl } from '../../../../lib/console-api/config';
import { PAYMENT_DECISIONS } from '../../../../lib/console-api/decision-options';
import { loadCase } from '../../../../lib/console-api/load-case';
import { withMapContext } from '../../../../lib/console-api/map-context';

export const metadata = { title: 'Payment' };

export default async function PaymentDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { detail, me, assignable, api } = await loadCase(`/payments/${id}`, (api) => api.payments.get(id));
  const view = adaptPaymentDetail(detail);
  const map = await withMapContext(api, view.map);
  return (
    <div className="stack">
      <CaseHeader kind="payments" title={view.kind} view={view} me={me} assignable={assignable} />
      <div className="case-layout">
        <section className="panel area-why" aria-labelledby="why-title">
          <h2 id="why-title">Why this verdict</h2>
          <WhyVerdict why={view.why} />
        </section>
        <section className="panel area-decision" id="decision" aria-labelledby="decision-title">
          <h2 id="decision-title">Step-up decision</h2>
          <DecisionForm
            kind="payments"
            caseId={view.id}
            options={PAYMENT_DECISIONS}
            closed={view.status === 'closed'}
          />
          <dl className="facts" style={{ marginTop: 12 }}>
            <dt>Account</dt>
            <dd className="mono">
              <Link href={view.accountHref}>{view.account}</Link>
            </dd>
            <dt>Device</dt>
            <dd>{view.deviceHref ? <Link href={view.deviceHref}>device page</Link> : 'not identified'}</dd>
            <dt>Amount</dt>
            <dd>{view.amount ?? '—'}</dd>
            <dt>Paid with</dt>
            <dd>{view.methods.length ? view.methods.join(', ') : '—'}</dd>
            <dt>Store</dt>
            <dd>{view.store ?? 'not an in-store payment'}</dd>
            <dt>External id</dt>
            <dd className="mono">{view.externalId ?? '—'}</dd>
            <dt>Created</dt>
            <dd>{view.created}</dd>
          </dl>
        </section>
        <div className="stack area-main">
          <section className="panel" aria-labelledby="map-title">
            <h2 id="map-title">Map</h2>
            <EvidenceMap view={map} styleUrl={mapStyleUrl()} />
          </section>
          <section className="panel" aria-labelledby="addresses-title">
            <h2 id="addresses-title">Addresses and chargeback rings</h2>
            <PaymentAddresses addresses={view.addresses} />
          </section>
          <section className="panel" aria-labelledby="evidence-title">
            <h2 id="evidence-title">Evidence</h2>
            <EvidenceList lines={view.evidence} />
          </section>
          <section className="panel" aria-labelledby="related-title">
            <h2 id="related-title">Other cases on this device, account and address</h2>
            <RelatedCases view={view.related} />
          </section>
        </div>
        <div className="stack area-side">
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
