import type { DeclaredLocation } from '../../domain/address';
import type { Reason, RiskAssessment } from '../../domain/risk';
import type { SignupEvidence } from '../../domain/signup/signup-evidence';
import type { Explanation } from '../../domain/verdict/explanation';
import type { DeclaredAddressDto } from '../../contracts/signup';
import type { Executor } from './executor';
import { fromJson, toJson } from './executor';

export interface SignupRecord {
  id: string;
  tenantId: string;
  installationId: string;
  deviceId: string | null;
  requestId: string;
  declaredAddress: DeclaredAddressDto;
  declared: DeclaredLocation | null;
  riskAssessment: RiskAssessment;
  reasons: Reason[];
  evidence: SignupEvidence;
  /** How the verdict was reached (console only); null for signups assessed before it was stored. */
  explanation?: Explanation | null;
  createdAt: number;
  updatedAt: number;
  reassessUntil: number;
}

export interface AssessmentRecord {
  id: string;
  tenantId: string;
  signupId: string;
  riskAssessment: RiskAssessment;
  reasons: Reason[];
  evidence: SignupEvidence;
  explanation?: Explanation | null;
  trigger: string;
  assessedAt: number;
}

type SignupRow = Awaited<ReturnType<ReturnType<typeof selectSignups>['executeTakeFirstOrThrow']>>;

function selectSignups(db: Executor) {
  return db.selectFrom('signups').selectAll();
}

function toRecord(row: SignupRow): SignupRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    installationId: row.installation_id,
    deviceId: row.device_id,
    requestId: row.request_id,
    declaredAddress: fromJson<DeclaredAddressDto>(row.declared_address),
    declared: row.geocode ? fromJson<DeclaredLocation>(row.geocode) : null,
    riskAssessment: row.risk_assessment as RiskAssessment,
    reasons: fromJson<Reason[]>(row.reasons),
    evidence: fromJson<SignupEvidence>(row.evidence),
    explanation: row.explanation ? fromJson<Explanation>(row.explanation) : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    reassessUntil: row.reassess_until,
  };
}

export function makeSignupRepo(db: Executor) {
  return {
    async insert(s: SignupRecord): Promise<void> {
      await db
        .insertInto('signups')
        .values({
          id: s.id,
          tenant_id: s.tenantId,
          installation_id: s.installationId,
          device_id: s.deviceId,
          request_id: s.requestId,
          declared_address: toJson(s.declaredAddress),
          geocode: s.declared ? toJson(s.declared) : null,
          risk_assessment: s.riskAssessment,
          reasons: toJson(s.reasons),
          evidence: toJson(s.evidence),
          explanation: s.explanation ? toJson(s.explanation) : null,
          created_at: s.createdAt,
          updated_at: s.updatedAt,
          reassess_until: s.reassessUntil,
          notify: 1,
          review_status: 'open',
          assigned_to: null,
        })
        .execute();
    },

    /** Tenant-scoped: another tenant's id is simply not found. */
    async find(tenantId: string, id: string): Promise<SignupRecord | null> {
      const row = await selectSignups(db)
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toRecord(row) : null;
    },

    async updateAssessment(
      s: Pick<
        SignupRecord,
        'id' | 'tenantId' | 'riskAssessment' | 'reasons' | 'evidence' | 'explanation' | 'updatedAt'
      >,
    ) {
      await db
        .updateTable('signups')
        .set({
          risk_assessment: s.riskAssessment,
          reasons: toJson(s.reasons),
          evidence: toJson(s.evidence),
          explanation: s.explanation ? toJson(s.explanation) : null,
          updated_at: s.updatedAt,
        })
        .where('tenant_id', '=', s.tenantId)
        .where('id', '=', s.id)
        .execute();
    },

    async updateAddress(
      tenantId: string,
      id: string,
      address: DeclaredAddressDto,
      declared: DeclaredLocation | null,
    ) {
      await db
        .updateTable('signups')
        .set({ declared_address: toJson(address), geocode: declared ? toJson(declared) : null })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    /** Signups of the installation still inside their reassessment window. */
    async openIdsForInstallation(tenantId: string, installationId: string, now: number): Promise<string[]> {
      const rows = await db
        .selectFrom('signups')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('installation_id', '=', installationId)
        .where('reassess_until', '>=', now)
        .execute();
      return rows.map((r) => r.id);
    },

    /**
     * Geocoded addresses declared in other signups of the same installation or device (at most 100).
     * One statement, a UNION ALL of one indexed lookup per column (an OR across the two columns would
     * scan the whole tenant on SQLite; a plain UNION costs SQLite more than the merge by id here).
     */
    async otherDeclaredLocations(
      tenantId: string,
      installationId: string,
      deviceId: string | null,
      exceptId: string,
    ) {
      const by = (column: 'installation_id' | 'device_id', value: string) =>
        db
          .selectFrom('signups')
          .select(['id', 'geocode'])
          .where('tenant_id', '=', tenantId)
          .where(column, '=', value)
          .where('id', '!=', exceptId)
          .where('geocode', 'is not', null);
      const query = deviceId
        ? by('installation_id', installationId).unionAll(by('device_id', deviceId))
        : by('installation_id', installationId);
      const rows = await query.limit(200).execute();
      const unique = new Map(rows.map((r) => [r.id, r.geocode]));
      return [...unique.values()].slice(0, 100).map((g) => fromJson<DeclaredLocation>(g ?? 'null'));
    },

    async insertAssessment(a: AssessmentRecord): Promise<void> {
      await db
        .insertInto('signup_assessments')
        .values({
          id: a.id,
          tenant_id: a.tenantId,
          signup_id: a.signupId,
          risk_assessment: a.riskAssessment,
          reasons: toJson(a.reasons),
          evidence: toJson(a.evidence),
          explanation: a.explanation ? toJson(a.explanation) : null,
          trigger: a.trigger,
          assessed_at: a.assessedAt,
        })
        .execute();
    },
  };
}
export type SignupRepo = ReturnType<typeof makeSignupRepo>;
