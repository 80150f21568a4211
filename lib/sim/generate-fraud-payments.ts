import { generateCard } from './generate-payment';
import { payAtMoments } from './pay-at-moments';
import type { Random } from './random';
import type { DeclaredAddress, FraudScenario, SimEvent, SimPayment } from './types';

export interface FraudPaymentsInput {
  events: readonly SimEvent[];
  after: number;
  now: number;
  countryCode: 'BR' | 'US';
  /** The stolen address: goods go there or to a drop near it. */
  shipping: DeclaredAddress | null;
  scenario: FraudScenario;
  count: number;
  /** Hard population: this share of payments stay in ordinary amounts (default: none). */
  ordinaryShare?: number;
}

/** Cashing out an account opened with a stolen identity: larger amounts, fresh cards, shipped to the stolen address. */
export function generateFraudPayments(random: Random, input: FraudPaymentsInput): SimPayment[] {
  return payAtMoments(random, input, () => ({
    kind: 'payment',
    countryCode: input.countryCode,
    card: generateCard(random, input.countryCode),
    shipping: input.shipping,
    home: input.shipping,
    amountRange:
      input.ordinaryShare !== undefined && random.chance(input.ordinaryShare) ? [8, 350] : [150, 2500],
    label: 'fraud',
    scenario: input.scenario,
  }));
}
