import { CaseQueue } from '../../../components/queue/case-queue';
import { adaptPaymentList } from '../../../lib/console-api/adapt-payment-list';
import { loadQueue } from '../../../lib/console-api/load-queue';
import { PAYMENT_QUEUE_FILTERS } from '../../../lib/console-api/queue-filters';

export const metadata = { title: 'Payment review' };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function PaymentQueuePage({ searchParams }: { searchParams: Search }) {
  const queue = await loadQueue('payments', await searchParams, PAYMENT_QUEUE_FILTERS, (api, query) =>
    api.payments.list(query),
  );
  return (
    <CaseQueue
      kind="payments"
      title="Payment step-up review"
      view={adaptPaymentList(queue.page, Date.now())}
      values={queue.values}
      defaults={PAYMENT_QUEUE_FILTERS}
      cursor={queue.cursor}
      searchPlaceholder="payment, installation, account or external id"
      subjectHeading="Payment"
      saved={queue.saved}
      assignable={queue.assignable}
    />
  );
}
