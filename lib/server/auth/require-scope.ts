import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AccessClaims } from '../../auth/token-issuer';
import type { Scope } from '../../contracts/token';
import { AppError } from '../../usecases/app-error';
import { guard } from './authorise-first';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireScope: who is calling, for which tenant. */
    caller: AccessClaims | null;
  }
}

export type AccessTokenVerifier = (token: string) => Promise<AccessClaims | null>;

/**
 * The one gate in front of every tenant route: a valid bearer token (else 401) carrying `scope`
 * (else an empty 403, SPEC §5.1).
 */
export function makeRequireScope(verify: AccessTokenVerifier) {
  return (scope: Scope): onRequestAsyncHookHandler =>
    guard(async function requireScope(request: FastifyRequest, _reply: FastifyReply) {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      const claims = match?.[1] ? await verify(match[1]) : null;
      if (!claims) throw new AppError('unauthenticated', ['a valid Bearer access token is required']);
      if (!claims.scopes.includes(scope)) throw new AppError('forbidden');
      request.caller = claims;
    });
}

/** The tenant of an authenticated request (requireScope ran before the handler). */
export function tenantOf(request: FastifyRequest): { tenantId: string } {
  if (!request.caller) throw new AppError('unauthenticated');
  return { tenantId: request.caller.tenantId };
}
