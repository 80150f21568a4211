import type { SignupResponse } from '../contracts/signup';
import type { SignupRecord } from '../db/repositories/signup-record';

export function toSignupResponse(s: SignupRecord): SignupResponse {
  return {
    id: s.id,
    request_id: s.requestId,
    risk_assessment: s.riskAssessment,
    reasons: s.reasons,
    evidence: s.evidence,
    ...(s.deviceId ? { device_id: s.deviceId } : {}),
  };
}
