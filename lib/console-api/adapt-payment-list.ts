import type { PaymentList } from '../contracts/console/index';
import { adaptQueuePage, type QueueView } from './adapt-queue-page';
import { formatMetres } from './format';

const what = (p: PaymentList['items'][number]) =>
  p.type === 'login'
    ? 'Login'
    : p.payment_value
      ? `${p.payment_value.amount.toLocaleString('en')} ${p.payment_value.currency}`
      : 'Payment';

export function adaptPaymentList(list: PaymentList, now: number): QueueView {
  return adaptQueuePage(
    'payments',
    list,
    (p) => ({
      subject: `${what(p)} · account ${p.account_id}`,
      detail:
        p.distance_to_trusted_location_m === null
          ? 'no trusted location yet'
          : `${formatMetres(p.distance_to_trusted_location_m)} from a trusted location`,
      // Payments are assessed once: their last change is their creation.
      changedAt: p.created_at,
      flaggedAt: p.created_at,
      score: p.score,
    }),
    now,
  );
}
