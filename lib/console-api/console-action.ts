/**
 * The one wrapper every console server action goes through: it authenticates the session, checks the
 * role, validates the input with zod and maps API failures to a result the form can show.
 * Server actions are reachable by a direct POST, so nothing here trusts the caller.
 */
import type { z } from 'zod';
import { roleAtLeast, type Role } from '../contracts/console/index';
import { consoleApi, type ConsoleApi } from './client';
import { ConsoleApiError, type ConsoleApiErrorCode } from './console-api-error';
import { readConsoleSession, type ConsoleUser } from './session';

export type ActionResult<T> =
  | { ok: true; data: T }
  | { ok: false; error: ConsoleApiErrorCode; message: string; fields?: Record<string, string> };

export interface ActionContext {
  user: ConsoleUser;
  api: ConsoleApi;
}

export function consoleAction<S extends z.ZodType, T>(
  minRole: Role,
  schema: S,
  run: (input: z.output<S>, ctx: ActionContext) => Promise<T>,
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return async (input) => {
    const session = await readConsoleSession();
    if (!session) return { ok: false, error: 'unauthenticated', message: 'Sign in again.' };
    if (!roleAtLeast(session.user.role, minRole)) {
      return { ok: false, error: 'forbidden', message: `This needs the ${minRole} role.` };
    }
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'input'] ??= issue.message;
      return { ok: false, error: 'invalid', message: Object.values(fields).join('; '), fields };
    }
    try {
      return {
        ok: true,
        data: await run(parsed.data, { user: session.user, api: consoleApi(session.token) }),
      };
    } catch (error) {
      if (error instanceof ConsoleApiError) return { ok: false, error: error.code, message: error.message };
      throw error;
    }
  };
}
