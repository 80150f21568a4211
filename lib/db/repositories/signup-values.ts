import type { Selectable } from 'kysely';
import { signupAddressCell } from '../console/address-key';
import type { SignupsTable } from '../schema';
import { toJson } from './executor';
import type { SignupRecord } from './signup-record';

/** The columns a new signup is written with (JSON documents as text). */
export type NewSignupRow = Pick<
  Selectable<SignupsTable>,
  | 'id'
  | 'tenant_id'
  | 'installation_id'
  | 'device_id'
  | 'request_id'
  | 'declared_address'
  | 'geocode'
  | 'risk_assessment'
  | 'reasons'
  | 'evidence'
  | 'explanation'
  | 'created_at'
  | 'updated_at'
  | 'reassess_until'
  | 'address_cell_lat'
  | 'address_cell_lng'
>;

export const jsonOrNull = (value: unknown) => (value ? toJson(value) : null);

export function newSignupRow(s: SignupRecord): NewSignupRow {
  return {
    id: s.id,
    tenant_id: s.tenantId,
    installation_id: s.installationId,
    device_id: s.deviceId,
    request_id: s.requestId,
    declared_address: toJson(s.declaredAddress),
    geocode: jsonOrNull(s.declared),
    risk_assessment: s.riskAssessment,
    reasons: toJson(s.reasons),
    evidence: toJson(s.evidence),
    explanation: jsonOrNull(s.explanation),
    created_at: s.createdAt,
    updated_at: s.updatedAt,
    reassess_until: s.reassessUntil,
    ...signupAddressCell(s.declaredAddress, s.declared),
  };
}

/** The values of a signups INSERT: the row, and a new signup's review state (open, unassigned, notifying). */
export function signupValues(a: NewSignupRow) {
  return {
    id: a.id,
    tenant_id: a.tenant_id,
    installation_id: a.installation_id,
    device_id: a.device_id,
    request_id: a.request_id,
    declared_address: a.declared_address,
    geocode: a.geocode,
    risk_assessment: a.risk_assessment,
    reasons: a.reasons,
    evidence: a.evidence,
    explanation: a.explanation,
    created_at: a.created_at,
    updated_at: a.updated_at,
    reassess_until: a.reassess_until,
    address_cell_lat: a.address_cell_lat,
    address_cell_lng: a.address_cell_lng,
    notify: 1,
    review_status: 'open',
    assigned_to: null,
  };
}
