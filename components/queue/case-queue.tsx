import type { QueueView } from '../../lib/console-api/adapt-queue-page';
import { queueHref, type QueueFilterValues } from '../../lib/console-api/queue-filters';
import { REASON_CODES } from '../../lib/contracts/console/common';
import { NextCaseButton } from './next-case-button';
import { QueueFilters } from './queue-filters';
import { QueuePager } from './queue-pager';
import { QueueTable } from './queue-table';

interface Props {
  kind: 'signups' | 'payments';
  title: string;
  view: QueueView;
  values: QueueFilterValues;
  /** The queue's default filters: the pager links leave them out of the URL. */
  defaults: QueueFilterValues;
  cursor: string | undefined;
  searchPlaceholder: string;
  subjectHeading: string;
}

/** A review queue screen: keyboard hints, filters, the table of cases and keyset paging. */
export function CaseQueue({
  kind,
  title,
  view,
  values,
  defaults,
  cursor,
  searchPlaceholder,
  subjectHeading,
}: Props) {
  const base = `/${kind}`;
  return (
    <div className="stack">
      <div className="row">
        <h1>{title}</h1>
        <span className="spacer" />
        <span className="muted small">
          <span className="kbd">j</span>/<span className="kbd">k</span> move ·{' '}
          <span className="kbd">Enter</span> open · <span className="kbd">c</span> claim
        </span>
        <NextCaseButton kind={kind} />
      </div>
      <QueueFilters
        action={base}
        values={values}
        reasonCodes={REASON_CODES}
        searchPlaceholder={searchPlaceholder}
      />
      <QueueTable kind={kind} rows={view.rows} subjectHeading={subjectHeading} />
      <QueuePager
        total={view.total}
        shown={view.rows.length}
        firstHref={cursor ? queueHref(base, values, {}, defaults) : null}
        nextHref={view.nextCursor ? queueHref(base, values, { cursor: view.nextCursor }, defaults) : null}
      />
    </div>
  );
}
