import type { PaymentDetail } from '../contracts/console/index';
import { adaptAudit, adaptFeedbacks, type AuditView, type FeedbackView } from './adapt-case-history';
import { adaptDevice, type DevicePanelView } from './adapt-device';
import { adaptEvidence, type EvidenceLine } from './adapt-evidence';
import type { CaseSummaryView } from './case-summary-view';
import { placeLabel } from './adapt-signup-detail';
import { formatDateTime, formatPercent, reasonLabel, riskLabel, shortId, statusLabel } from './format';
import type { MapView } from './map-view';

export interface PaymentAddressView {
  type: string;
  label: string;
  placed: boolean;
  eventsNear: string;
  rates: { radius: string; rate: string }[];
}

export interface PaymentDetailView extends CaseSummaryView {
  kind: string;
  created: string;
  account: string;
  externalId: string | null;
  amount: string | null;
  methods: string[];
  store: string | null;
  reasons: { code: string; label: string; source: string }[];
  evidence: EvidenceLine[];
  addresses: PaymentAddressView[];
  map: MapView;
  device: DevicePanelView | null;
  feedbacks: FeedbackView[];
  audit: AuditView[];
}

const RADII = [
  [150, 'chargeback_rate_near_150_meters'],
  [1500, 'chargeback_rate_near_1500_meters'],
  [5000, 'chargeback_rate_near_5000_meters'],
] as const;

function paymentMap(d: PaymentDetail): MapView {
  const p = d.payment;
  const rings: MapView['rings'] = [];
  for (const a of p.addresses) {
    if (!a.point) continue;
    for (const [radiusM, key] of RADII) {
      rings.push({
        center: a.point,
        radiusM,
        rate: a[key],
        label: `${a.type} ${radiusM.toLocaleString('en')} m: chargebacks ${formatPercent(a[key])}`,
      });
    }
  }
  const firstAddress = p.addresses.find((a) => a.point);
  return {
    address: firstAddress?.point ? { ...firstAddress.point, label: `${firstAddress.type} address` } : null,
    events: d.location_events.points.map((e) => ({ lat: e.lat, lng: e.lng, ts: e.ts, mock: e.mock })),
    eventsTotal: d.location_events.total,
    places: d.trusted_locations.map((t) => ({ lat: t.lat, lng: t.lng, kind: t.kind, label: placeLabel(t) })),
    lines: [],
    rings,
    current: p.current_location ? { ...p.current_location, label: 'Current location' } : null,
    store: p.store?.point ? { ...p.store.point, label: `Store ${p.store.id}` } : null,
  };
}

export function adaptPaymentDetail(d: PaymentDetail): PaymentDetailView {
  const p = d.payment;
  return {
    id: p.id,
    shortId: shortId(p.id),
    kind: p.type === 'login' ? 'Login' : 'Payment',
    risk: p.risk_assessment ?? 'unknown_risk',
    riskLabel: p.evaluated ? riskLabel(p.risk_assessment) : 'Not evaluated',
    status: p.review_status,
    statusLabel: statusLabel(p.review_status),
    assignee: p.assigned_to?.email ?? null,
    outcome: p.review_outcome,
    created: formatDateTime(p.created_at),
    account: p.account_id,
    externalId: p.external_id,
    amount: p.payment_value
      ? `${p.payment_value.amount.toLocaleString('en')} ${p.payment_value.currency}`
      : null,
    methods: p.payment_methods.map((m) => `${m.type.replace('_', ' ')} ${m.summary}`.trim()),
    store: p.store ? `${p.store.id}${p.store.point ? '' : ' (location not given)'}` : null,
    reasons: p.reasons.map((r) => ({ code: r.code, label: reasonLabel(r.code), source: r.source })),
    evidence: adaptEvidence(p.evidence),
    addresses: p.addresses.map((a) => ({
      type: a.type,
      label: a.label ?? 'address',
      placed: a.point !== null,
      eventsNear: a.location_events_near_address === null ? '—' : String(a.location_events_near_address),
      rates: RADII.map(([radius, key]) => ({
        radius: `${radius.toLocaleString('en')} m`,
        rate: formatPercent(a[key]),
      })),
    })),
    map: paymentMap(d),
    device: adaptDevice(d.device),
    feedbacks: adaptFeedbacks(d.feedbacks),
    audit: adaptAudit(d.audit),
  };
}
