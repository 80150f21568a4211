import { chooseMoment } from './choose-moment';
import { generatePayment, type Card } from './generate-payment';
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
  const payments: SimPayment[] = [];
  for (let i = 0; i < input.count; i++) {
    const moment = chooseMoment(random, input.events, [input.after, input.now]);
    payments.push(
      generatePayment(random, {
        ts: moment.ts,
        kind: random.chance(input.loginShare ?? 0.25) ? 'login' : 'payment',
        location: moment.location,
        countryCode: input.countryCode,
        card: input.card,
        shipping: random.chance(0.7) ? input.home : null,
        home: input.home,
        amountRange:
          input.bigSpenders && random.chance(input.bigSpenders.share) ? input.bigSpenders.big : [8, 350],
        label: 'honest',
        scenario: input.scenario,
      }),
    );
  }
  return payments.sort((a, b) => a.ts - b.ts);
}
