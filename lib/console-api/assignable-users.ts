import { roleAtLeast, type UserRef } from '../contracts/console/index';
import type { ConsoleApi } from './client';
import type { ConsoleUser } from './session';

/** Managers and admins may hand a case to anyone: the users they may pick; null for analysts. */
export async function assignableUsersFor(api: ConsoleApi, user: ConsoleUser): Promise<UserRef[] | null> {
  if (!roleAtLeast(user.role, 'manager')) return null;
  return (await api.assignableUsers()).users;
}
