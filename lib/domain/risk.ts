/** The three verdicts of the spec (SPEC §2.1). */
export const RISK_ASSESSMENTS = ['low_risk', 'high_risk', 'unknown_risk'] as const;
export type RiskAssessment = (typeof RISK_ASSESSMENTS)[number];

/** Reason codes observed in the reference plus those real clients know (PRODUCT.md item 8). */
export const REASON_CODES = [
  'address_verification',
  'trusted_location',
  'device_integrity',
  'multiple_accounts',
  'multiple_installations',
  'multiple_address_cities',
  'multiple_address_streets',
  'multiple_address_zip_codes',
  'high_density_location',
  'machine_learning_model',
  // Not in the reference's list: the device was reported for fraud through feedback.
  'device_reputation',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

/** `local`: this tenant's data; `global`: other tenants' data about the same device. */
export type ReasonSource = 'local' | 'global';

export interface Reason {
  code: ReasonCode;
  source: ReasonSource;
}

/** A verdict with the reasons that drove it. */
export interface Verdict {
  riskAssessment: RiskAssessment;
  reasons: Reason[];
}

export const REPUTATIONS = ['unknown', 'suspect', 'allowed', 'confirmed_fraud'] as const;
export type Reputation = (typeof REPUTATIONS)[number];

export function assertNever(value: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(value)}`);
}
