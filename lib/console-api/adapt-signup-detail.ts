import type { Place, SignupDetail } from '../contracts/console/index';
import { adaptAudit, adaptFeedbacks, type AuditView, type FeedbackView } from './adapt-case-history';
import { adaptDevice, type DevicePanelView } from './adapt-device';
import { adaptEvidence, type EvidenceLine } from './adapt-evidence';
import { adaptWebhooks, type WebhookEventView } from './adapt-webhooks';
import type { CaseSummaryView } from './case-summary-view';
import { adaptRelated, deviceHref, type RelatedView } from './adapt-case-refs';
import { adaptWhy, type WhyView } from './adapt-why';
import { formatDateTime, formatMetres, riskLabel, shortId, statusLabel } from './format';
import { reasonName } from './reason-facts';
import { eventPoint, type MapView } from './map-view';

export interface TimelineEntryView {
  at: string;
  risk: string;
  riskLabel: string;
  trigger: string;
  reasons: string[];
  score: string | null;
  changed: boolean;
}

export interface SignupDetailView extends CaseSummaryView {
  created: string;
  reassessUntil: string;
  installationId: string;
  deviceId: string | null;
  requestId: string;
  deviceHref: string;
  why: WhyView;
  related: RelatedView;
  assessedEvents: number | null;
  clientFeedback: string[];
  address: { text: string; coordinates: string | null; geocodeQuality: string | null };
  evidence: EvidenceLine[];
  timeline: TimelineEntryView[];
  map: MapView;
  device: DevicePanelView | null;
  webhooks: WebhookEventView[];
  feedbacks: FeedbackView[];
  audit: AuditView[];
}

const PLACE_NAMES: Record<Place['kind'], string> = {
  home: 'Home',
  work: 'Work',
  trusted: 'Trusted place',
  frequent: 'Frequent place',
};

export const placeLabel = (p: Place) => `${PLACE_NAMES[p.kind]} (${p.events} events)`;

function signupMap(detail: SignupDetail): MapView {
  const s = detail.signup;
  const address = s.address_point;
  const lines: MapView['lines'] = [];
  if (address && detail.last_location) {
    const m = s.evidence.distance_from_last_location_to_declared_address;
    lines.push({
      from: detail.last_location,
      to: address,
      kind: 'last',
      label: `Last location → address: ${formatMetres(typeof m === 'number' ? m : null)}`,
    });
  }
  if (address && detail.nearest_location) {
    const m = s.evidence.distance_from_nearest_location_to_declared_address;
    lines.push({
      from: detail.nearest_location,
      to: address,
      kind: 'nearest',
      label: `Nearest location → address: ${formatMetres(typeof m === 'number' ? m : null)}`,
    });
  }
  return {
    address: address ? { ...address, label: s.address_label ?? 'No address declared' } : null,
    events: detail.location_events.points.map(eventPoint),
    eventsTotal: detail.location_events.total,
    places: detail.places.map((p) => ({ lat: p.lat, lng: p.lng, kind: p.kind, label: placeLabel(p) })),
    lines,
    // "Near" is 150 m (docs); the wider rings give the distances a scale.
    rings: address
      ? [150, 1500, 5000].map((radiusM) => ({
          center: address,
          radiusM,
          rate: null,
          label: `${radiusM.toLocaleString('en')} m around the address`,
        }))
      : [],
    current: null,
    store: null,
    streets: [],
    towns: [],
    land: null,
  };
}

export function adaptSignupDetail(detail: SignupDetail): SignupDetailView {
  const s = detail.signup;
  let previous: string | null = null;
  const timeline = [...detail.assessments]
    .sort((a, b) => a.assessed_at - b.assessed_at)
    .map((a) => {
      const changed = previous !== null && previous !== a.risk_assessment;
      previous = a.risk_assessment;
      return {
        at: formatDateTime(a.assessed_at),
        risk: a.risk_assessment,
        riskLabel: riskLabel(a.risk_assessment),
        trigger: a.trigger.replaceAll('_', ' '),
        reasons: a.reasons.map(
          (r) => `${reasonName(r.code)} ${a.risk_assessment === 'low_risk' ? '↓' : '↑'}`,
        ),
        score: a.explanation ? `score ${Math.round(a.explanation.probability * 100)} %` : null,
        changed,
      };
    })
    .reverse();
  return {
    id: s.id,
    shortId: shortId(s.id),
    risk: s.risk_assessment,
    riskLabel: riskLabel(s.risk_assessment),
    status: s.review_status,
    statusLabel: statusLabel(s.review_status),
    assignee: s.assigned_to?.email ?? null,
    outcome: s.review_outcome,
    created: formatDateTime(s.created_at),
    reassessUntil: formatDateTime(s.reassess_until),
    installationId: s.installation_id,
    deviceId: s.device_id,
    requestId: s.request_id,
    deviceHref: deviceHref(s.installation_id),
    why: adaptWhy({
      riskAssessment: s.risk_assessment,
      reasons: s.reasons,
      evidence: s.evidence,
      explanation: s.explanation,
    }),
    related: adaptRelated(detail.related),
    assessedEvents: s.location_events_quantity,
    clientFeedback: s.client_feedback,
    address: {
      text: s.address_label ?? 'No address declared',
      coordinates: s.address_point
        ? `${s.address_point.lat.toFixed(5)}, ${s.address_point.lng.toFixed(5)}`
        : null,
      geocodeQuality: s.geocode_quality,
    },
    evidence: adaptEvidence(s.evidence),
    timeline,
    map: signupMap(detail),
    device: adaptDevice(detail.device),
    webhooks: adaptWebhooks(detail.webhooks),
    feedbacks: adaptFeedbacks(detail.feedbacks),
    audit: adaptAudit(detail.audit),
  };
}
