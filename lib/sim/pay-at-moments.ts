import { chooseMoment } from './choose-moment';
import { generatePayment, type PaymentPlan } from './generate-payment';
import type { Random } from './random';
import type { SimEvent, SimPayment } from './types';

export interface PaymentMoments {
  events: readonly SimEvent[];
  after: number;
  now: number;
  count: number;
}

/**
 * `count` payments at moments of the routine between `after` and `now`, sorted by time. `plan` shapes each one;
 * it is called after the moment is drawn and before the payment's own draws (the seeded order relies on it).
 */
export function payAtMoments(
  random: Random,
  moments: PaymentMoments,
  plan: () => Omit<PaymentPlan, 'ts' | 'location'>,
): SimPayment[] {
  const payments: SimPayment[] = [];
  for (let i = 0; i < moments.count; i++) {
    const moment = chooseMoment(random, moments.events, [moments.after, moments.now]);
    payments.push(generatePayment(random, { ts: moment.ts, location: moment.location, ...plan() }));
  }
  return payments.sort((a, b) => a.ts - b.ts);
}
