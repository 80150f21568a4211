import { CaseHeader } from '../../../../components/case/case-header';
import { CaseHistory } from '../../../../components/case/case-history';
import { DevicePanel } from '../../../../components/case/device-panel';
import { EvidenceList } from '../../../../components/case/evidence-list';
import { PaymentAddresses } from '../../../../components/case/payment-addresses';
import { ReasonList } from '../../../../components/case/reason-list';
import { DecisionForm } from '../../../../components/decision/decision-form';
import { EvidenceMap } from '../../../../components/map/evidence-map';
import { adaptPaymentDetail } from '../../../../lib/console-api/adapt-payment-detail';
import { mapStyleUrl } from '../../../../lib/console-api/config';
import { PAYMENT_DECISIONS } from '../../../../lib/console-api/decision-options';
import { loadCase } from '../../../../lib/console-api/load-case';

export const metadata = { title: 'Payment' };

export default async function PaymentDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { detail, me, assignable } = await loadCase(`/payments/${id}`, (api) => api.payments.get(id));
  const view = adaptPaymentDetail(detail);
  return (
    <div className="stack">
      <CaseHeader kind="payments" title={view.kind} view={view} me={me} assignable={assignable} />
      <div className="grid two">
        <div className="stack">
          <section className="panel">
            <h2>Map</h2>
            <EvidenceMap view={view.map} styleUrl={mapStyleUrl()} />
          </section>
          <section className="panel">
            <h2>Addresses and chargeback rings</h2>
            <PaymentAddresses addresses={view.addresses} />
          </section>
          <section className="panel">
            <h2>Evidence</h2>
            <EvidenceList lines={view.evidence} />
          </section>
        </div>
        <div className="stack">
          <section className="panel">
            <h2>Step-up decision</h2>
            <DecisionForm
              kind="payments"
              caseId={view.id}
              options={PAYMENT_DECISIONS}
              closed={view.status === 'closed'}
            />
          </section>
          <section className="panel">
            <h2>Why</h2>
            <ReasonList reasons={view.reasons} />
            <dl className="facts">
              <dt>Account</dt>
              <dd className="mono">{view.account}</dd>
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
