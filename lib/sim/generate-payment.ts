import { countryOf } from './countries';
import type { Random } from './random';
import type { DeclaredAddress, Label, LatLng, ScenarioName, SimPayment } from './types';

export type Card = SimPayment['payment_methods'][number];

const BINS: Record<string, readonly string[]> = {
  BR: ['516292', '552289', '406655', '498408'],
  US: ['414720', '517805', '440066', '371111'],
};
/** Card ranges of international issuers, for the world model's other countries. */
const OTHER_BINS = ['400000', '510510', '455673', '535522'];

/** A card the account holder keeps on file. */
export function generateCard(random: Random, countryCode: string): Card {
  return {
    type: random.chance(0.8) ? 'credit_card' : 'debit_card',
    info: {
      bin: random.pick(BINS[countryCode] ?? OTHER_BINS),
      last_four_digits: String(random.int(0, 9999)).padStart(4, '0'),
      expiry_year: String(2027 + random.int(0, 5)),
      expiry_month: String(random.int(1, 12)).padStart(2, '0'),
    },
  };
}

export interface PaymentPlan {
  ts: number;
  kind: 'payment' | 'login';
  location: LatLng | null;
  countryCode: string;
  card: Card;
  /** Where the goods go; the home address is sent alongside when known. */
  shipping: DeclaredAddress | null;
  home: DeclaredAddress | null;
  /** Typical amounts are tens to hundreds; fraud goes for more. */
  amountRange: [number, number];
  label: Label;
  scenario: ScenarioName;
}

/** A payment or login as the client's backend would register it. Logins carry no value or method. */
export function generatePayment(random: Random, plan: PaymentPlan): SimPayment {
  const addresses: SimPayment['addresses'] = [];
  if (plan.kind === 'payment') {
    if (plan.home) addresses.push({ type: 'home', address: plan.home });
    if (plan.shipping) addresses.push({ type: 'shipping', address: plan.shipping });
  }
  const amount = Math.round(random.float(plan.amountRange[0], plan.amountRange[1]) * 100) / 100;
  return {
    ts: Math.round(plan.ts),
    kind: plan.kind,
    location: plan.location,
    addresses,
    payment_value:
      plan.kind === 'payment' ? { amount, currency: countryOf(plan.countryCode).currency } : null,
    payment_methods: plan.kind === 'payment' ? [plan.card] : [],
    label: plan.label,
    scenario: plan.scenario,
  };
}
