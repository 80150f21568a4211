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
  /** Set when the signup's personal data was erased (lib/db/subject): it keeps only its verdicts. */
  erasedAt?: number | null;
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

/** An installation with signups inside their reassessment window. */
export interface OpenInstallation {
  tenantId: string;
  installationId: string;
  open: number;
}

/** An open signup as a reassessment reads it; `current` holds the stored verdict as stored (JSON text). */
export interface OpenSignup {
  id: string;
  declared: DeclaredLocation | null;
  reassessUntil: number;
  current: { riskAssessment: RiskAssessment; reasons: string; evidence: string };
}

export interface DeclaredOnDevice {
  signupId: string;
  declared: DeclaredLocation;
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
    erasedAt: row.erased_at,
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

    /** How many signups of the installation are still inside their reassessment window. */
    async countOpen(tenantId: string, installationId: string, now: number): Promise<number> {
      const row = await db
        .selectFrom('signups')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('installation_id', '=', installationId)
        .where('reassess_until', '>=', now)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Installations, of any tenant, with signups still open on this device, and how many each has: a
     * change to the device's graph (or to its global signals) may change all of their verdicts.
     */
    async openOnDevice(deviceId: string, now: number): Promise<OpenInstallation[]> {
      const rows = await db
        .selectFrom('signups')
        .select(['tenant_id', 'installation_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('device_id', '=', deviceId)
        .where('reassess_until', '>=', now)
        .groupBy(['tenant_id', 'installation_id'])
        .execute();
      return rows.map((r) => ({
        tenantId: r.tenant_id,
        installationId: r.installation_id,
        open: Number(r.n),
      }));
    },

    /** The installation's open signups, by id after `afterId`, with the assessment each has now. */
    async openForReassessment(
      tenantId: string,
      installationId: string,
      now: number,
      afterId: string | null,
      limit: number,
    ): Promise<OpenSignup[]> {
      let query = db
        .selectFrom('signups')
        .select(['id', 'geocode', 'reassess_until', 'risk_assessment', 'reasons', 'evidence'])
        .where('tenant_id', '=', tenantId)
        .where('installation_id', '=', installationId)
        .where('reassess_until', '>=', now);
      if (afterId !== null) query = query.where('id', '>', afterId);
      const rows = await query.orderBy('id').limit(limit).execute();
      return rows.map((r) => ({
        id: r.id,
        declared: r.geocode ? fromJson<DeclaredLocation>(r.geocode) : null,
        reassessUntil: r.reassess_until,
        current: {
          riskAssessment: r.risk_assessment as RiskAssessment,
          reasons: r.reasons,
          evidence: r.evidence,
        },
      }));
    },

    /**
     * Geocoded addresses declared in the signups of the installation or its device (at most 200), by
     * signup id: an assessment counts those of the other signups. One statement, a UNION ALL of one
     * indexed lookup per column (an OR across the two columns would scan the whole tenant on SQLite;
     * a plain UNION costs SQLite more than the merge by id here).
     */
    async declaredOnDevice(
      tenantId: string,
      installationId: string,
      deviceId: string | null,
    ): Promise<DeclaredOnDevice[]> {
      const by = (column: 'installation_id' | 'device_id', value: string) =>
        db
          .selectFrom('signups')
          .select(['id', 'geocode'])
          .where('tenant_id', '=', tenantId)
          .where(column, '=', value)
          .where('geocode', 'is not', null);
      const query = deviceId
        ? by('installation_id', installationId).unionAll(by('device_id', deviceId))
        : by('installation_id', installationId);
      const rows = await query.limit(200).execute();
      const unique = new Map(rows.map((r) => [r.id, r.geocode]));
      return [...unique].map(([signupId, geocode]) => ({
        signupId,
        declared: fromJson<DeclaredLocation>(geocode ?? 'null'),
      }));
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
