import type { Card } from './generate-payment';
import { payAtMoments } from './pay-at-moments';
import type { Random } from './random';
import type { DeclaredAddress, ScenarioName, SimEvent, SimPayment } from './types';

export interface HonestPaymentsInput {
  events: readonly SimEvent[];
  after: number;
  now: number;
  countryCode: 'BR' | 'US';
  card: Card;
  home: DeclaredAddress;
  scenario: ScenarioName;
  count: number;
  /** Hard population: this share of purchases are big, drawn from `big` (default: none). */
  bigSpenders?: { share: number; big: [number, number] };
  /** Share of logins among the actions (default 0.25). */
  loginShare?: number;
}

/** Everyday logins and purchases wherever the routine puts the user, shipped home. */
export function generateHonestPayments(random: Random, input: HonestPaymentsInput): SimPayment[] {
  return payAtMoments(random, input, () => ({
    kind: random.chance(input.loginShare ?? 0.25) ? 'login' : 'payment',
    countryCode: input.countryCode,
    card: input.card,
    shipping: random.chance(0.7) ? input.home : null,
    home: input.home,
    amountRange:
      input.bigSpenders && random.chance(input.bigSpenders.share) ? input.bigSpenders.big : [8, 350],
    label: 'honest',
    scenario: input.scenario,
  }));
}
