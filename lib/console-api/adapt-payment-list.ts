import type { PaymentList } from '../contracts/console/index';
import { adaptQueuePage, type QueueView } from './adapt-queue-page';
import { formatMetres } from './format';

export function adaptPaymentList(list: PaymentList): QueueView {
  return adaptQueuePage('payments', list, (p) => ({
    subject: `${p.type === 'login' ? 'Login' : p.payment_value ? `${p.payment_value.amount.toLocaleString('en')} ${p.payment_value.currency}` : 'Payment'} · account ${p.account_id}`,
    detail:
      p.distance_to_trusted_location_m === null
        ? 'no trusted location yet'
        : `${formatMetres(p.distance_to_trusted_location_m)} from a trusted location`,
  }));
}
