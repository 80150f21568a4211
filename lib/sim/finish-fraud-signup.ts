import { generateFeedback } from './generate-feedback';
import { generateFraudPayments } from './generate-fraud-payments';
import type { GenerationContext } from './generation-context';
import { fraudPaymentStyle } from './realism';
import type { StolenAddress } from './steal-address';
import type { DeviceInfo, FraudScenario, GroundTruth, SimEvent, SimulatedDevice } from './types';

export interface FraudSignup {
  identity: Pick<SimulatedDevice, 'installationId' | 'deviceId' | 'accountId'>;
  device: DeviceInfo;
  events: SimEvent[];
  stolen: StolenAddress;
  signupAt: number;
  scenario: FraudScenario;
  /** Payments after the signup: 0 to this many. */
  maxPayments: number;
  truth: GroundTruth;
}

/**
 * The common end of a signup with a stolen address: cash-out payments shipped to it, then the labelled device
 * and its feedback. Draws in this order: payment count, payments, feedback (the seeded output relies on it).
 */
export function finishFraudSignup(ctx: GenerationContext, signup: FraudSignup): SimulatedDevice {
  const { random, now } = ctx;
  const { identity, device, events, stolen, signupAt, scenario, truth } = signup;
  const payments = generateFraudPayments(random, {
    events,
    after: signupAt,
    now,
    countryCode: stolen.city.countryCode,
    shipping: stolen.declared,
    scenario,
    count: random.int(0, signup.maxPayments),
    ...fraudPaymentStyle(ctx),
  });
  const simulated: SimulatedDevice = {
    ...identity,
    device,
    events,
    declaredAddress: stolen.declared,
    signupAt,
    scenario,
    label: 'fraud',
    payments,
    feedback: [],
    truth,
    phase: 0,
  };
  simulated.feedback = generateFeedback(random, simulated, now);
  return simulated;
}
