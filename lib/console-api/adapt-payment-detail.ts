import type { ChargebackRing, PaymentDetail } from '../contracts/console/index';
import { adaptAudit, adaptFeedbacks, type AuditView, type FeedbackView } from './adapt-case-history';
import { accountHref, adaptRelated, deviceHref, type RelatedView } from './adapt-case-refs';
import { adaptDevice, type DevicePanelView } from './adapt-device';
import { adaptEvidence, type EvidenceLine } from './adapt-evidence';
import { placeLabel } from './adapt-signup-detail';
import { adaptWhy, type WhyView } from './adapt-why';
import type { CaseSummaryView } from './case-summary-view';
import { formatDateTime, formatPercent, riskLabel, shortId, statusLabel } from './format';
import { eventPoint, type MapView } from './map-view';

export interface RingView {
  radius: string;
  /** "3 of 41 payments charged back (7.3 %)", "no payments counted", "n/a (address not placed)". */
  now: string;
  atAssessment: string;
}

export interface PaymentAddressView {
  type: string;
  label: string;
  placed: boolean;
  eventsNear: string;
  rings: RingView[];
}

export interface PaymentDetailView extends CaseSummaryView {
  kind: string;
  created: string;
  account: string;
  accountHref: string;
  deviceHref: string | null;
  externalId: string | null;
  amount: string | null;
  methods: string[];
  store: string | null;
  why: WhyView;
  evidence: EvidenceLine[];
  addresses: PaymentAddressView[];
  map: MapView;
  device: DevicePanelView | null;
  assessedEvents: number | null;
  related: RelatedView;
  feedbacks: FeedbackView[];
  audit: AuditView[];
}

/** The chargeback rate counted now; null when no payment was counted in the ring (nothing to rate). */
export const ringRateNow = (r: ChargebackRing) =>
  r.now && r.now.payments > 0 ? Math.min(1, r.now.chargebacks / r.now.payments) : null;

function ringNow(r: ChargebackRing): string {
  if (!r.now) return 'n/a (address not placed)';
  if (r.now.payments === 0) return 'no payments counted';
  return `${r.now.chargebacks.toLocaleString('en')} of ${r.now.payments.toLocaleString('en')} payments charged back (${formatPercent(ringRateNow(r))})`;
}

function paymentMap(d: PaymentDetail): MapView {
  const p = d.payment;
  const rings: MapView['rings'] = [];
  for (const a of p.addresses) {
    if (!a.point) continue;
    for (const r of a.rings) {
      rings.push({
        center: a.point,
        radiusM: r.radius_m,
        rate: ringRateNow(r),
        label: `${a.type} ${r.radius_m.toLocaleString('en')} m: ${ringNow(r)}`,
      });
    }
  }
  const firstAddress = p.addresses.find((a) => a.point);
  return {
    address: firstAddress?.point ? { ...firstAddress.point, label: `${firstAddress.type} address` } : null,
    events: d.location_events.points.map(eventPoint),
    eventsTotal: d.location_events.total,
    places: d.trusted_locations.map((t) => ({ lat: t.lat, lng: t.lng, kind: t.kind, label: placeLabel(t) })),
    lines: [],
    rings,
    current: p.current_location ? { ...p.current_location, label: 'Current location' } : null,
    store: p.store?.point ? { ...p.store.point, label: `Store ${p.store.name ?? p.store.id}` } : null,
    streets: [],
    towns: [],
    land: null,
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
    accountHref: accountHref(p.account_id),
    deviceHref: p.installation_id ? deviceHref(p.installation_id) : null,
    externalId: p.external_id,
    amount: p.payment_value
      ? `${p.payment_value.amount.toLocaleString('en')} ${p.payment_value.currency}`
      : null,
    methods: p.payment_methods.map((m) => `${m.type.replace('_', ' ')} ${m.summary}`.trim()),
    store: p.store ? `${p.store.name ?? p.store.id}${p.store.point ? '' : ' (location not given)'}` : null,
    why: adaptWhy({
      riskAssessment: p.risk_assessment,
      reasons: p.reasons,
      evidence: p.evidence,
      explanation: p.explanation,
    }),
    evidence: adaptEvidence(p.evidence),
    addresses: p.addresses.map((a) => ({
      type: a.type,
      label: a.label ?? 'address',
      placed: a.point !== null,
      eventsNear: a.location_events_near_address === null ? '—' : String(a.location_events_near_address),
      rings: a.rings.map((r) => ({
        radius: `${r.radius_m.toLocaleString('en')} m`,
        now: ringNow(r),
        atAssessment: r.rate_at_assessment === null ? 'n/a' : formatPercent(r.rate_at_assessment),
      })),
    })),
    map: paymentMap(d),
    device: adaptDevice(d.device),
    assessedEvents:
      typeof p.evidence.location_events_quantity === 'number' ? p.evidence.location_events_quantity : null,
    related: adaptRelated(d.related),
    feedbacks: adaptFeedbacks(d.feedbacks),
    audit: adaptAudit(d.audit),
  };
}
