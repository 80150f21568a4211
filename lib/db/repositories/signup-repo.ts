import type { DeclaredLocation } from '../../domain/address';
import type { Reason, RiskAssessment } from '../../domain/risk';
import type { SignupEvidence } from '../../domain/signup/signup-evidence';
import type { Explanation } from '../../domain/verdict/explanation';
import type { DeclaredAddressDto } from '../../contracts/signup';
import type { Selectable } from 'kysely';
import type { SignupAssessmentsTable, SignupsTable } from '../schema';
import { signupAddressCell } from '../console/address-key';
import { compileStatement } from './compiled-statement';
import { openNearOf, openSignupsNearQuery, type OpenNear } from './open-signups-near';
import { insertCreatedSignup } from './pg-created-signup';
import { insertSignupAlone } from './pg-signup-inserts';
import { writeCreatedAssessment } from './signup-history';
import { jsonOrNull, newSignupRow, signupValues, type NewSignupRow } from './signup-values';
import type { Executor } from './executor';
import { fromJson, onPostgres, toJson } from './executor';
import type { SignupRecord } from './signup-record';

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

/** An open signup as a reassessment reads it; `current` holds the stored verdict as stored (JSON text). */
export interface OpenSignup {
  id: string;
  declared: DeclaredLocation | null;
  reassessUntil: number;
  current: { riskAssessment: RiskAssessment; reasons: string; evidence: string };
}

/** A signups row as stored (JSON documents as text). */
type SignupRow = Selectable<SignupsTable>;

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
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    reassessUntil: Number(row.reassess_until),
    erasedAt: row.erased_at === null ? null : Number(row.erased_at),
  };
}

const insertSignup = compileStatement((db, a: NewSignupRow) =>
  db.insertInto('signups').values(signupValues(a)),
);

interface SignupKey {
  tenantId: string;
  id: string;
}

const findSignup = compileStatement((db, a: SignupKey) =>
  db.selectFrom('signups').selectAll().where('tenant_id', '=', a.tenantId).where('id', '=', a.id),
);

const updateSignupAssessment = compileStatement(
  (
    db,
    a: SignupKey & Pick<SignupRow, 'risk_assessment' | 'reasons' | 'evidence' | 'explanation' | 'updated_at'>,
  ) =>
    db
      .updateTable('signups')
      .set({
        risk_assessment: a.risk_assessment,
        reasons: a.reasons,
        evidence: a.evidence,
        explanation: a.explanation,
        updated_at: a.updated_at,
      })
      .where('tenant_id', '=', a.tenantId)
      .where('id', '=', a.id),
);

interface InstallationAt {
  tenantId: string;
  installationId: string;
  now: number;
}

/**
 * The open signups of an installation, and of every installation (any tenant) of a device, counted
 * per installation in ONE statement: a UNION ALL of one indexed lookup per column, the first arm
 * marked `own`; a null device id matches nothing. What a change to an installation reads before it
 * arms reassessments (lib/runtime/schedule-reassessment.ts): one round trip instead of two.
 */
const openSignupsNear = compileStatement(openSignupsNearQuery);

const openSignupsToReassess = compileStatement((db, a: InstallationAt & { afterId: string; limit: number }) =>
  db
    .selectFrom('signups')
    .select(['id', 'geocode', 'reassess_until', 'risk_assessment', 'reasons', 'evidence'])
    .where('tenant_id', '=', a.tenantId)
    .where('installation_id', '=', a.installationId)
    .where('reassess_until', '>=', a.now)
    .where('id', '>', a.afterId)
    .orderBy('id')
    .limit(a.limit),
);

const insertSignupAssessment = compileStatement((db, a: Selectable<SignupAssessmentsTable>) =>
  db.insertInto('signup_assessments').values({
    id: a.id,
    tenant_id: a.tenant_id,
    signup_id: a.signup_id,
    risk_assessment: a.risk_assessment,
    reasons: a.reasons,
    evidence: a.evidence,
    explanation: a.explanation,
    trigger: a.trigger,
    assessed_at: a.assessed_at,
  }),
);

export function makeSignupRepo(db: Executor) {
  return {
    async insert(s: SignupRecord): Promise<void> {
      await insertSignup.execute(db, newSignupRow(s));
    },

    /**
     * A new signup, its verdict its first assessment (signup-history.ts: no `signup_assessments` row is
     * written until a later assessment). With `countOpen`, PostgreSQL's statement (pg-created-signup.ts)
     * also answers `openNear` for the signup's installation and device at its creation, without the new
     * signup; null when not asked, and on SQLite (no round trip to save).
     */
    async insertCreated(s: SignupRecord, countOpen: boolean): Promise<OpenNear | null> {
      if (onPostgres(db) && countOpen) {
        const created = await insertCreatedSignup('counting').execute(db, newSignupRow(s));
        const row = created.rows[0] as { open_near?: Parameters<typeof openNearOf>[0] | null } | undefined;
        return openNearOf(row?.open_near ?? []);
      }
      await insertSignup.execute(db, newSignupRow(s));
      return null;
    },

    /**
     * `insertCreated` as a transaction of its own, for a signup whose write is nothing else; with
     * `unlessOpenNear`, only when no open signups are around its installation and device (`openNear`
     * at its creation, without it: then a new address arms nothing). Says whether it wrote the signup.
     * On PostgreSQL one statement, atomic by itself (no BEGIN and COMMIT: the COMMIT was a round trip
     * of its own); on SQLite the count and the insert in a transaction.
     */
    async insertCreatedAlone(s: SignupRecord, unlessOpenNear: boolean): Promise<boolean> {
      // With the rows of the signups arriving while one is being written (create-signup.ts calls this on
      // the runtime's handle, never inside a transaction).
      if (onPostgres(db)) return insertSignupAlone(db, newSignupRow(s), unlessOpenNear);
      if (!unlessOpenNear) {
        await insertSignup.execute(db, newSignupRow(s));
        return true;
      }
      const write = async (trx: Executor) => {
        const repo = makeSignupRepo(trx);
        // The transaction began IMMEDIATE (sqlite-driver.ts): it holds the write lock already, so no
        // other process's writer can come between this count and the insert.
        const open = await repo.openNear(s.tenantId, s.installationId, s.deviceId, s.createdAt);
        if (open.own > 0 || open.onDevice.length > 0) return false;
        await insertSignup.execute(trx, newSignupRow(s));
        return true;
      };
      return db.isTransaction ? write(db) : db.transaction().execute(write);
    },

    /** Tenant-scoped: another tenant's id is simply not found. */
    async find(tenantId: string, id: string): Promise<SignupRecord | null> {
      const row = await findSignup.first(db, { tenantId, id });
      return row ? toRecord(row) : null;
    },

    async updateAssessment(
      s: Pick<
        SignupRecord,
        'id' | 'tenantId' | 'riskAssessment' | 'reasons' | 'evidence' | 'explanation' | 'updatedAt'
      >,
    ) {
      await updateSignupAssessment.execute(db, {
        tenantId: s.tenantId,
        id: s.id,
        risk_assessment: s.riskAssessment,
        reasons: toJson(s.reasons),
        evidence: toJson(s.evidence),
        explanation: jsonOrNull(s.explanation),
        updated_at: s.updatedAt,
      });
    },

    async updateAddress(
      tenantId: string,
      id: string,
      address: DeclaredAddressDto,
      declared: DeclaredLocation | null,
    ) {
      await db
        .updateTable('signups')
        .set({
          declared_address: toJson(address),
          geocode: declared ? toJson(declared) : null,
          ...signupAddressCell(address, declared),
        })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    /**
     * Signups still inside their reassessment window: how many the installation has (`own`), and the
     * installations, of any tenant, with open signups on `deviceId` (none for null) and how many each
     * has — a change to the device's graph (or to its global signals) may change all their verdicts.
     */
    async openNear(
      tenantId: string,
      installationId: string,
      deviceId: string | null,
      now: number,
    ): Promise<OpenNear> {
      return openNearOf(await openSignupsNear.rows(db, { tenantId, installationId, deviceId, now }));
    },

    /** The installation's open signups, by id after `afterId`, with the assessment each has now. */
    async openForReassessment(
      tenantId: string,
      installationId: string,
      now: number,
      afterId: string | null,
      limit: number,
    ): Promise<OpenSignup[]> {
      const rows = await openSignupsToReassess.rows(db, {
        tenantId,
        installationId,
        now,
        afterId: afterId ?? '',
        limit,
      });
      return rows.map((r) => ({
        id: r.id,
        declared: r.geocode ? fromJson<DeclaredLocation>(r.geocode) : null,
        reassessUntil: Number(r.reassess_until),
        current: {
          riskAssessment: r.risk_assessment as RiskAssessment,
          reasons: r.reasons,
          evidence: r.evidence,
        },
      }));
    },

    /**
     * Before the first assessment after a signup's creation overwrites its verdict: the signup's
     * created assessment, copied from its columns into the history (signup-history.ts).
     */
    async keepCreatedAssessment(tenantId: string, signupId: string): Promise<void> {
      await writeCreatedAssessment.execute(db, { tenantId, signupId });
    },

    async insertAssessment(a: AssessmentRecord): Promise<void> {
      await insertSignupAssessment.execute(db, {
        id: a.id,
        tenant_id: a.tenantId,
        signup_id: a.signupId,
        risk_assessment: a.riskAssessment,
        reasons: toJson(a.reasons),
        evidence: toJson(a.evidence),
        explanation: jsonOrNull(a.explanation),
        trigger: a.trigger,
        assessed_at: a.assessedAt,
      });
    },
  };
}
export type SignupRepo = ReturnType<typeof makeSignupRepo>;
