import { NextCaseButton } from '../../../components/queue/next-case-button';
import { QueueFilters } from '../../../components/queue/queue-filters';
import { QueuePager } from '../../../components/queue/queue-pager';
import { QueueTable } from '../../../components/queue/queue-table';
import { adaptPaymentList } from '../../../lib/console-api/adapt-payment-list';
import { loadOrFail } from '../../../lib/console-api/load-or-fail';
import {
  PAYMENT_QUEUE_FILTERS,
  firstParam,
  queueApiQuery,
  queueFilterValues,
  queueHref,
} from '../../../lib/console-api/queue-filters';
import { requireConsoleUser } from '../../../lib/console-api/session';
import { REASON_CODES } from '../../../lib/contracts/console/common';

export const metadata = { title: 'Payment review' };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function PaymentQueuePage({ searchParams }: { searchParams: Search }) {
  const { api } = await requireConsoleUser('analyst', '/payments');
  const params = await searchParams;
  const values = queueFilterValues(params, PAYMENT_QUEUE_FILTERS);
  const cursor = firstParam(params.cursor);
  const view = adaptPaymentList(await loadOrFail(api.payments.list(queueApiQuery(values, cursor))));
  return (
    <div className="stack">
      <div className="row">
        <h1>Payment step-up review</h1>
        <span className="spacer" />
        <span className="muted small">
          <span className="kbd">j</span>/<span className="kbd">k</span> move ·{' '}
          <span className="kbd">Enter</span> open · <span className="kbd">c</span> claim
        </span>
        <NextCaseButton kind="payments" />
      </div>
      <QueueFilters
        action="/payments"
        values={values}
        reasonCodes={REASON_CODES}
        searchPlaceholder="payment, installation, account or external id"
      />
      <QueueTable kind="payments" rows={view.rows} subjectHeading="Payment" />
      <QueuePager
        total={view.total}
        shown={view.rows.length}
        firstHref={cursor ? queueHref('/payments', values, {}, PAYMENT_QUEUE_FILTERS) : null}
        nextHref={
          view.nextCursor
            ? queueHref('/payments', values, { cursor: view.nextCursor }, PAYMENT_QUEUE_FILTERS)
            : null
        }
      />
    </div>
  );
}
