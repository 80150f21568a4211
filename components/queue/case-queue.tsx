import type { QueueView } from '../../lib/console-api/adapt-queue-page';
import { changedFilters, queueHref, type QueueFilterValues } from '../../lib/console-api/queue-filters';
import type { SavedFilter } from '../../lib/contracts/console/queue';
import { REASON_CODES } from '../../lib/contracts/console/common';
import { NextCaseButton } from './next-case-button';
import { QueueFilters } from './queue-filters';
import { QueuePager } from './queue-pager';
import { QueueTable } from './queue-table';
import { SavedFilters } from './saved-filters';

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
  saved: SavedFilter[];
  /** Present for managers and admins (bulk actions). */
  assignable: { id: string; email: string }[] | null;
}

/** A review queue screen: keyboard hints, saved filters, filters, the table of cases and keyset paging. */
export function CaseQueue({
  kind,
  title,
  view,
  values,
  defaults,
  cursor,
  searchPlaceholder,
  subjectHeading,
  saved,
  assignable,
}: Props) {
  const base = `/${kind}`;
  return (
    <div className="stack">
      <div className="row">
        <h1>{title}</h1>
        <span className="spacer" />
        <span className="muted small hide-narrow">
          <span className="kbd">j</span>/<span className="kbd">k</span> move ·{' '}
          <span className="kbd">Enter</span> open · <span className="kbd">c</span> claim
          {assignable ? (
            <>
              {' '}
              · <span className="kbd">x</span> select
            </>
          ) : null}
        </span>
        <NextCaseButton kind={kind} />
      </div>
      <SavedFilters
        kind={kind}
        saved={saved.map((f) => ({
          id: f.id,
          name: f.name,
          href: `${base}?${new URLSearchParams(f.query)}`,
        }))}
        current={changedFilters(values, defaults)}
      />
      <QueueFilters
        action={base}
        values={values}
        reasonCodes={REASON_CODES}
        searchPlaceholder={searchPlaceholder}
      />
      <QueueTable kind={kind} rows={view.rows} subjectHeading={subjectHeading} assignable={assignable} />
      <QueuePager
        total={view.total}
        shown={view.rows.length}
        firstHref={cursor ? queueHref(base, values, {}, defaults) : null}
        nextHref={view.nextCursor ? queueHref(base, values, { cursor: view.nextCursor }, defaults) : null}
      />
    </div>
  );
}
