import { CaseQueue } from '../../../components/queue/case-queue';
import { adaptSignupList } from '../../../lib/console-api/adapt-signup-list';
import { loadOrFail } from '../../../lib/console-api/load-or-fail';
import {
  DEFAULT_QUEUE_FILTERS,
  firstParam,
  queueApiQuery,
  queueFilterValues,
} from '../../../lib/console-api/queue-filters';
import { requireConsoleUser } from '../../../lib/console-api/session';

export const metadata = { title: 'Signup queue' };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function SignupQueuePage({ searchParams }: { searchParams: Search }) {
  const { api } = await requireConsoleUser('analyst', '/signups');
  const params = await searchParams;
  const values = queueFilterValues(params, DEFAULT_QUEUE_FILTERS);
  const cursor = firstParam(params.cursor);
  const view = adaptSignupList(await loadOrFail(api.signups.list(queueApiQuery(values, cursor))));
  return (
    <CaseQueue
      kind="signups"
      title="Signup review queue"
      view={view}
      values={values}
      defaults={DEFAULT_QUEUE_FILTERS}
      cursor={cursor}
      searchPlaceholder="signup, installation or device id"
      subjectHeading="Declared address"
    />
  );
}
