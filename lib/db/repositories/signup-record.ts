import type { DeclaredAddressDto } from '../../contracts/signup';
import type { DeclaredLocation } from '../../domain/address';
import type { Reason, RiskAssessment } from '../../domain/risk';
import type { SignupEvidence } from '../../domain/signup/signup-evidence';
import type { Explanation } from '../../domain/verdict/explanation';

/** A signup as the repositories write and read it (its own module: the row builders and the repo share it). */
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
