import type { UserRef } from '../contracts/console/index';
import { assignableUsersFor } from './assignable-users';
import type { ConsoleApi } from './client';
import { loadOrFail } from './load-or-fail';
import { requireConsoleUser } from './session';

/**
 * What every case page loads: the signed-in analyst (sign-in comes back to `path`), the case through
 * `read` (its failures become 404/403/sign-in) and, for managers, the users it may be handed to.
 */
export async function loadCase<T>(
  path: string,
  read: (api: ConsoleApi) => Promise<T>,
): Promise<{ detail: T; me: { id: string; email: string }; assignable: UserRef[] | null; api: ConsoleApi }> {
  const { api, user } = await requireConsoleUser('analyst', path);
  const [detail, assignable] = await Promise.all([loadOrFail(read(api)), assignableUsersFor(api, user)]);
  return { detail, me: { id: user.id, email: user.email }, assignable, api };
}
