import type { Money, PaymentEvidence } from '../../domain/payment/payment-evidence';
import type { Reason, RiskAssessment } from '../../domain/risk';
import type { Explanation } from '../../domain/verdict/explanation';

/** A payment or login as the repositories write and read it (shared by the row builders and the repo). */
export interface TransactionRecord {
  id: string;
  tenantId: string;
  /** Null when the request named no installation we could identify (never a shared placeholder). */
  installationId: string | null;
  deviceId: string | null;
  accountId: string;
  type: 'payment' | 'login';
  externalId: string | null;
  addresses: unknown[];
  paymentValue: Money | null;
  paymentMethods: unknown[];
  storeId: string | null;
  location: { lat: number; lng: number } | null;
  evaluated: boolean;
  riskAssessment: RiskAssessment | null;
  reasons: Reason[] | null;
  evidence: PaymentEvidence | null;
  /** How the verdict was reached (console only); null when not evaluated. */
  explanation: Explanation | null;
  createdAt: number;
}
