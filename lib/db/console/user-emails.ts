import type { UserRef } from '../../contracts/console/common';
import type { Executor } from '../repositories/executor';

/** Emails of the users a page of cases is assigned to, in one query. */
export async function userEmails(executor: Executor, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await executor.selectFrom('users').select(['id', 'email']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.email]));
}

export function userRef(emails: Map<string, string>, id: string | null): UserRef | null {
  return id === null ? null : { id, email: emails.get(id) ?? 'former user' };
}
