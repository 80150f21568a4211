import type { Random } from './random';
import type { SimFeedback, SimulatedDevice } from './types';

/**
 * What the client reports back once it knows the truth: confirmed fraud, chargebacks, accepted signups and payments.
 * Each report comes after the thing it is about and never after `now`.
 */
export function generateFeedback(random: Random, device: SimulatedDevice, now: number): SimFeedback[] {
  const after = (ts: number): number => Math.round(ts + random.next() * Math.max(0, now - ts));
  const feedback: SimFeedback[] = [];
  if (device.signupAt !== null) {
    const fraud = device.label === 'fraud';
    if (fraud || random.chance(0.6)) {
      const event = fraud ? random.pick(['identity_fraud', 'signup_declined']) : 'signup_accepted';
      feedback.push({ ts: after(device.signupAt), event, target: { kind: 'signup' } });
    }
  }
  device.payments.forEach((payment, paymentIndex) => {
    const target = { kind: 'payment', paymentIndex } as const;
    if (payment.label === 'fraud') {
      const event = payment.scenario === 'account_takeover' ? 'account_takeover' : 'chargeback';
      feedback.push({ ts: after(payment.ts), event, target });
    } else if (payment.kind === 'payment' && random.chance(0.5)) {
      feedback.push({ ts: after(payment.ts), event: 'payment_accepted', target });
    } else if (payment.kind === 'login' && random.chance(0.3)) {
      feedback.push({ ts: after(payment.ts), event: 'login_accepted', target });
    }
  });
  return feedback.sort((a, b) => a.ts - b.ts);
}
