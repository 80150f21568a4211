import { parseExplanation, type Reason, type SignupDetail } from '../../contracts/console/index';
import type { Executor } from '../repositories/executor';
import { signupHistory } from '../repositories/signup-history';
import type { DeclaredLocation } from '../../domain/address';
import type { LatLng } from '../../domain/location';
import { makeAuditStore } from './audit-store';
import { clientEvents, loadCaseFeedbacks } from './case-feedbacks';
import { sentAddressLabel } from './declared-address-label';
import { loadDeviceSnapshot } from './device-snapshot';
import { loadLocationSample } from './location-sample';
import { loadRelatedCases } from './related-cases';
import { flaggedSince } from './flagged-since';
import { userEmails, userRef } from './user-emails';
import { loadWebhookHistory } from './webhook-history';

type DeclaredAddress = {
  address_line?: string | null;
  structured_address?: Record<string, string> | null;
  address_coordinates?: LatLng | null;
};

/** Everything the signup screen shows, tenant-scoped (null when the id is not this tenant's). */
export async function loadSignupDetail(
  db: Executor,
  tenantId: string,
  id: string,
): Promise<SignupDetail | null> {
  const s = await db
    .selectFrom('signups')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!s) return null;
  const declared = JSON.parse(s.declared_address) as DeclaredAddress;
  const geocode = s.geocode ? (JSON.parse(s.geocode) as DeclaredLocation) : null;
  const addressPoint = geocode?.point ?? declared.address_coordinates ?? null;
  const [assessments, sample, device, webhooks, feedbacks, audit, emails, related, flagged] =
    await Promise.all([
      signupHistory(db, tenantId, [id]).orderBy('assessed_at', 'asc').limit(500).execute(),
      loadLocationSample(db, tenantId, [s.installation_id], { target: addressPoint }),
      loadDeviceSnapshot(db, tenantId, s.installation_id),
      loadWebhookHistory(db, tenantId, id),
      loadCaseFeedbacks(db, tenantId, { signupId: id }),
      makeAuditStore(db).list(tenantId, { subject: { type: 'signup', id }, limit: 100 }),
      userEmails(db, [s.assigned_to]),
      loadRelatedCases(db, tenantId, {
        caseId: id,
        installationId: s.installation_id,
        deviceId: s.device_id,
        accountIds: [],
        address: addressPoint,
      }),
      flaggedSince(db, tenantId, [id]),
    ]);
  const evidence = JSON.parse(s.evidence) as Record<string, unknown>;
  const explanation = parseExplanation(s.explanation);
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    signup: {
      id: s.id,
      installation_id: s.installation_id,
      device_id: s.device_id,
      request_id: s.request_id,
      risk_assessment: s.risk_assessment as SignupDetail['signup']['risk_assessment'],
      reasons: JSON.parse(s.reasons) as Reason[],
      evidence,
      explanation,
      score: explanation?.probability ?? null,
      created_at: Number(s.created_at),
      updated_at: Number(s.updated_at),
      flagged_at: flagged.get(id) ?? Number(s.created_at),
      reassess_until: Number(s.reassess_until),
      review_status: s.review_status as SignupDetail['signup']['review_status'],
      review_outcome: s.review_outcome ?? null,
      assigned_to: userRef(emails, s.assigned_to),
      client_feedback: clientEvents(feedbacks),
      address_label: sentAddressLabel(declared),
      distance_from_last_location_m: num(evidence.distance_from_last_location_to_declared_address),
      location_events_quantity: num(evidence.location_events_quantity),
      declared_address: {
        address_line: declared.address_line?.trim() ? declared.address_line : null,
        structured: declared.structured_address ?? null,
        coordinates: declared.address_coordinates ?? null,
      },
      address_point: addressPoint,
      geocode_quality: geocode?.geocodeQuality ?? null,
    },
    assessments: assessments.map((a) => ({
      id: a.id,
      risk_assessment: a.risk_assessment as SignupDetail['signup']['risk_assessment'],
      reasons: JSON.parse(a.reasons) as Reason[],
      evidence: JSON.parse(a.evidence) as Record<string, unknown>,
      trigger: a.trigger,
      explanation: parseExplanation(a.explanation),
      assessed_at: Number(a.assessed_at),
    })),
    location_events: { total: sample.total, points: sample.points },
    last_location: sample.last,
    nearest_location: sample.nearest,
    places: sample.places,
    device,
    webhooks,
    related,
    feedbacks,
    audit,
  };
}
