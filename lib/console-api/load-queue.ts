import type { SavedFilter } from '../contracts/console/queue';
import { assignableUsersFor } from './assignable-users';
import type { ConsoleApi } from './client';
import { loadOrFail } from './load-or-fail';
import { firstParam, queueApiQuery, queueFilterValues, type QueueFilterValues } from './queue-filters';
import { requireConsoleUser } from './session';

type Params = Record<string, string | string[] | undefined>;

/**
 * What a queue page loads: the signed-in user, one page of cases for the filters in the URL, the
 * user's saved filters and, for managers, who cases may be handed to in bulk.
 */
export async function loadQueue<T>(
  kind: 'signups' | 'payments',
  params: Params,
  defaults: QueueFilterValues,
  list: (api: ConsoleApi, query: ReturnType<typeof queueApiQuery>) => Promise<T>,
): Promise<{
  page: T;
  values: QueueFilterValues;
  cursor: string | undefined;
  saved: SavedFilter[];
  assignable: { id: string; email: string }[] | null;
}> {
  const { api, user } = await requireConsoleUser('analyst', `/${kind}`);
  const values = queueFilterValues(params, defaults);
  const cursor = firstParam(params.cursor);
  const [page, saved, assignable] = await Promise.all([
    loadOrFail(list(api, queueApiQuery(values, cursor))),
    loadOrFail(api.savedFilters.list(kind)),
    assignableUsersFor(api, user),
  ]);
  return { page, values, cursor, saved: saved.items, assignable };
}
