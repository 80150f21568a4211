import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { RoleSchema, roleAtLeast, type Role } from '../../../contracts/console/common';
import type { Executor } from '../../../db/repositories/executor';
import { AppError } from '../../../usecases/app-error';
import { guard } from '../../auth/authorise-first';
import type { ConsoleTokens } from './console-token';
import { makeUsersStore } from '../../../db/console/users-store';
import { catchUpConsoleIndexes } from '../../../db/console/console-indexed';

/** Who is calling a console route: always one user of one tenant, with the role the database has now. */
export interface ConsoleCaller {
  tenantId: string;
  userId: string;
  email: string;
  role: Role;
}

const callers = new WeakMap<FastifyRequest, ConsoleCaller>();

/**
 * The one gate of every console API route: a valid console user token (else 401), a user that still
 * exists and is enabled in the token's tenant (else 401), with at least `minRole` (else an empty 403).
 * Then the console's indexes catch up with the signups and payments written since they last did.
 */
export function makeConsoleGuard(db: Executor, tokens: () => Promise<ConsoleTokens>) {
  const users = makeUsersStore(db);
  return (minRole: Role): onRequestAsyncHookHandler =>
    guard(async function requireConsoleRole(request) {
      const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      const claims = match?.[1] ? await (await tokens()).verify(match[1]) : null;
      if (!claims) throw new AppError('unauthenticated', ['a valid console session token is required']);
      const user = await users.find(claims.tenantId, claims.userId);
      const role = RoleSchema.safeParse(user?.role);
      if (!user || user.disabled_at !== null || !role.success) {
        throw new AppError('unauthenticated', ['this console user no longer exists or is disabled']);
      }
      if (!roleAtLeast(role.data, minRole)) throw new AppError('forbidden');
      // The console's indexes hold a case only once caught up with it (migration 0612): every signup and
      // payment written so far is in them before the route reads.
      await catchUpConsoleIndexes(db);
      callers.set(request, { tenantId: user.tenant_id, userId: user.id, email: user.email, role: role.data });
    });
}
export type ConsoleGuard = ReturnType<typeof makeConsoleGuard>;

/** The caller a guarded route was admitted for. */
export function consoleCaller(request: FastifyRequest): ConsoleCaller {
  const caller = callers.get(request);
  if (!caller) throw new AppError('unauthenticated');
  return caller;
}
