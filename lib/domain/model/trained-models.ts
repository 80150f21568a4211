import payment from '../../../models/payment-model.json';
import signup from '../../../models/signup-model.json';
import type { RiskModel } from './risk-model';

/** The models `npm run train` wrote (versioned in models/): static data, so the domain stays pure. */
export const SIGNUP_MODEL = signup as RiskModel;
export const PAYMENT_MODEL = payment as RiskModel;
