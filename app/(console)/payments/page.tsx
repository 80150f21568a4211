import { CaseQueue } from '../../../components/queue/case-queue';
import { adaptPaymentList } from '../../../lib/console-api/adapt-payment-list';
import { loadOrFail } from '../../../lib/console-api/load-or-fail';
import {
  PAYMENT_QUEUE_FILTERS,
  firstParam,
  queueApiQuery,
  queueFilterValues,
} from '../../../lib/console-api/queue-filters';
import { requireConsoleUser } from '../../../lib/console-api/session';

export const metadata = { title: 'Payment review' };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function PaymentQueuePage({ searchParams }: { searchParams: Search }) {
  const { api } = await requireConsoleUser('analyst', '/payments');
  const params = await searchParams;
  const values = queueFilterValues(params, PAYMENT_QUEUE_FILTERS);
  const cursor = firstParam(params.cursor);
  const view = adaptPaymentList(await loadOrFail(api.payments.list(queueApiQuery(values, cursor))));
  return (
    <CaseQueue
      kind="payments"
      title="Payment step-up review"
      view={view}
      values={values}
      defaults={PAYMENT_QUEUE_FILTERS}
      cursor={cursor}
      searchPlaceholder="payment, installation, account or external id"
      subjectHeading="Payment"
    />
  );
}
