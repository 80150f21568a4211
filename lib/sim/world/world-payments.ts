import { generateCard, type Card } from '../generate-payment';
import { payAtMoments } from '../pay-at-moments';
import type { DeclaredAddress, Label, ScenarioName, SimEvent, SimPayment } from '../types';
import type { WorldContext } from './world-context';

/** Amounts honest people and fraudsters both pay: the world gives the amount no say. */
export const WORLD_AMOUNTS: [number, number] = [5, 900];

export interface WorldPaymentsInput {
  events: readonly SimEvent[];
  after: number;
  /** Default: drawn from the world's range, the same for honest and fraudulent installations. */
  count?: number;
  countryCode: string;
  /** The card on file (default: a new one). */
  card?: Card;
  home: DeclaredAddress | null;
  /** Where goods go when they are shipped (70 % of payments). */
  shipping: DeclaredAddress | null;
  label: Label;
  scenario: ScenarioName;
}

/** Logins (30 %) and payments at moments the app is in use (right after a fix), after `after`, until now. */
export function worldPayments(ctx: WorldContext, input: WorldPaymentsInput): SimPayment[] {
  const { random } = ctx;
  const card = input.card ?? generateCard(random, input.countryCode);
  const count = input.count ?? random.int(...ctx.world.payments);
  return payAtMoments(random, { events: input.events, after: input.after, now: ctx.now, count }, () => ({
    kind: random.chance(0.3) ? 'login' : 'payment',
    countryCode: input.countryCode,
    card,
    shipping: random.chance(0.7) ? input.shipping : null,
    home: input.home,
    amountRange: WORLD_AMOUNTS,
    label: input.label,
    scenario: input.scenario,
  }));
}
