import type { RiskModel } from '../domain/model/risk-model';
import {
  PAYMENT_FEATURES,
  PAYMENT_FEATURE_PRIORS,
  PAYMENT_FEATURE_REASONS,
  PAYMENT_FEATURE_SIGNS,
} from '../domain/payment/payment-features';
import {
  SIGNUP_FEATURES,
  SIGNUP_FEATURE_PRIORS,
  SIGNUP_FEATURE_REASONS,
  SIGNUP_FEATURE_SIGNS,
} from '../domain/signup/signup-features';
import type { AssessedRow } from './assessed-row';
import { fitRiskModel } from './fit-risk-model';

export interface RiskModels {
  signup: RiskModel;
  payment: RiskModel;
}

/** Fits the signup model on signup rows and the payment/login model on the others (fit-risk-model.ts). */
export function fitModels(
  rows: readonly AssessedRow[],
  o: { seed: string; version: string; l2?: number },
): RiskModels {
  return {
    signup: fitRiskModel(
      rows.filter((r) => r.kind === 'signup'),
      {
        kind: 'signup',
        features: SIGNUP_FEATURES,
        reasonCodes: SIGNUP_FEATURE_REASONS,
        signs: SIGNUP_FEATURE_SIGNS,
        priors: SIGNUP_FEATURE_PRIORS,
        ...o,
      },
    ),
    payment: fitRiskModel(
      rows.filter((r) => r.kind !== 'signup'),
      {
        kind: 'payment',
        features: PAYMENT_FEATURES,
        reasonCodes: PAYMENT_FEATURE_REASONS,
        signs: PAYMENT_FEATURE_SIGNS,
        priors: PAYMENT_FEATURE_PRIORS,
        ...o,
      },
    ),
  };
}
