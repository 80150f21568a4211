import { NextCaseButton } from '../../../components/queue/next-case-button';
import { QueueFilters } from '../../../components/queue/queue-filters';
import { QueuePager } from '../../../components/queue/queue-pager';
import { QueueTable } from '../../../components/queue/queue-table';
import { adaptSignupList } from '../../../lib/console-api/adapt-signup-list';
import { loadOrFail } from '../../../lib/console-api/load-or-fail';
import {
  firstParam,
  queueApiQuery,
  queueFilterValues,
  queueHref,
} from '../../../lib/console-api/queue-filters';
import { requireConsoleUser } from '../../../lib/console-api/session';
import { REASON_CODES } from '../../../lib/contracts/console/common';

export const metadata = { title: 'Signup queue' };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function SignupQueuePage({ searchParams }: { searchParams: Search }) {
  const { api } = await requireConsoleUser('analyst', '/signups');
  const params = await searchParams;
  const values = queueFilterValues(params);
  const cursor = firstParam(params.cursor);
  const view = adaptSignupList(await loadOrFail(api.signups.list(queueApiQuery(values, cursor))));
  return (
    <div className="stack">
      <div className="row">
        <h1>Signup review queue</h1>
        <span className="spacer" />
        <span className="muted small">
          <span className="kbd">j</span>/<span className="kbd">k</span> move ·{' '}
          <span className="kbd">Enter</span> open · <span className="kbd">c</span> claim
        </span>
        <NextCaseButton kind="signups" />
      </div>
      <QueueFilters
        action="/signups"
        values={values}
        reasonCodes={REASON_CODES}
        searchPlaceholder="signup, installation or device id"
      />
      <QueueTable kind="signups" rows={view.rows} subjectHeading="Declared address" />
      <QueuePager
        total={view.total}
        shown={view.rows.length}
        firstHref={cursor ? queueHref('/signups', values) : null}
        nextHref={view.nextCursor ? queueHref('/signups', values, { cursor: view.nextCursor }) : null}
      />
    </div>
  );
}
