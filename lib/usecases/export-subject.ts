import type { SubjectExport } from '../contracts/subject-data';
import type { Executor } from '../db/repositories/executor';
import { loadSubjectRows } from '../db/subject/export-rows';
import type { Subject } from '../db/subject/subject';
import type { Clock } from '../domain/clock';

const iso = (ms: number) => new Date(ms).toISOString();
const parsed = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

/**
 * Everything stored about one installation or account as one JSON document, for an access request
 * (GET /api/v2/admin/installations/{id}/export, …/accounts/{id}/export, `locus export`). An unknown
 * subject exports as an empty document: there is nothing about it.
 */
export function makeExportSubject(deps: { db: Executor; clock: Clock }) {
  return async function exportSubject(subject: Subject): Promise<SubjectExport> {
    const rows = await loadSubjectRows(deps.db, subject);
    const assessmentsOf = (signupId: string) =>
      rows.assessments
        .filter((a) => a.signup_id === signupId)
        .map((a) => ({
          risk_assessment: a.risk_assessment,
          reasons: parsed(a.reasons),
          evidence: parsed(a.evidence),
          trigger: a.trigger,
          assessed_at: iso(a.assessed_at),
        }));
    const i = rows.installation;
    return {
      format: 'locus-subject-export/1',
      exported_at: iso(deps.clock.now()),
      subject_type: subject.type,
      subject_id: subject.id,
      installation: i
        ? {
            installation_id: i.installation_id,
            device_id: i.device_id,
            device: parsed(i.device),
            first_seen_at: iso(i.first_seen_at),
            last_seen_at: iso(i.last_seen_at),
            event_count: i.event_count,
          }
        : null,
      location_events: rows.events.map((e) => ({
        ts: iso(e.ts),
        lat: e.lat,
        lng: e.lng,
        accuracy_m: e.accuracy_m,
        source: e.source,
        mock: e.mock === 1,
        received_at: iso(e.received_at),
      })),
      location_fingerprint: parsed(rows.fingerprint?.fingerprint ?? null),
      device_links: rows.links.map((l) => ({
        installation_id: l.installation_id,
        account_id: l.account_id,
        device_id: l.device_id,
        first_seen_at: iso(l.first_seen_at),
        last_seen_at: iso(l.last_seen_at),
      })),
      signups: rows.signups.map((s) => ({
        id: s.id,
        request_id: s.request_id,
        declared_address: parsed(s.declared_address),
        geocode: parsed(s.geocode),
        risk_assessment: s.risk_assessment,
        reasons: parsed(s.reasons),
        evidence: parsed(s.evidence),
        created_at: iso(s.created_at),
        review_status: s.review_status,
        review_outcome: s.review_outcome,
        assessments: assessmentsOf(s.id),
      })),
      transactions: rows.transactions.map((t) => ({
        id: t.id,
        type: t.type,
        installation_id: t.installation_id,
        account_id: t.account_id,
        external_id: t.external_id,
        addresses: parsed(t.addresses),
        payment_value: parsed(t.payment_value),
        payment_methods: parsed(t.payment_methods),
        store_id: t.store_id,
        location: parsed(t.location),
        risk_assessment: t.risk_assessment,
        reasons: parsed(t.reasons),
        evidence: parsed(t.evidence),
        created_at: iso(t.created_at),
      })),
      feedbacks: rows.feedbacks.map((f) => ({
        id: f.id,
        event: f.event,
        occurred_at: iso(f.occurred_at),
        signup_id: f.signup_id,
        payment_id: f.payment_id,
        login_id: f.login_id,
        account_id: f.account_id,
        installation_id: f.installation_id,
        comment: f.comment,
        created_at: iso(f.created_at),
      })),
      webhook_events: rows.webhooks.map((w) => ({
        id: w.id,
        signup_id: w.signup_id,
        event_type: w.event_type,
        status: w.status,
        body: parsed(w.body),
        created_at: iso(w.created_at),
      })),
    };
  };
}
export type ExportSubject = ReturnType<typeof makeExportSubject>;
