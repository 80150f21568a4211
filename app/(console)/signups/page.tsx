import { CaseQueue } from '../../../components/queue/case-queue';
import { adaptSignupList } from '../../../lib/console-api/adapt-signup-list';
import { loadQueue } from '../../../lib/console-api/load-queue';
import { DEFAULT_QUEUE_FILTERS } from '../../../lib/console-api/queue-filters';

export const metadata = { title: 'Signup queue' };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function SignupQueuePage({ searchParams }: { searchParams: Search }) {
  const queue = await loadQueue('signups', await searchParams, DEFAULT_QUEUE_FILTERS, (api, query) =>
    api.signups.list(query),
  );
  return (
    <CaseQueue
      kind="signups"
      title="Signup review queue"
      view={adaptSignupList(queue.page, Date.now())}
      values={queue.values}
      defaults={DEFAULT_QUEUE_FILTERS}
      cursor={queue.cursor}
      searchPlaceholder="signup, installation or device id"
      subjectHeading="Declared address"
      saved={queue.saved}
      assignable={queue.assignable}
    />
  );
}
