import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { makeSettingsRepo } from '../../../db/repositories/settings-repo';
import type { Executor } from '../../../db/repositories/executor';
import type { Clock } from '../../../domain/clock';

/**
 * Console user tokens live one analyst shift. They are only a reference: every console request
 * reloads the user, so disabling a user or changing a role takes effect on the next request.
 */
const CONSOLE_TOKEN_TTL_S = 8 * 3600;

export interface ConsoleTokenClaims {
  tenantId: string;
  userId: string;
  role: string;
  scopes: string[];
}

/** Console tokens have their own key (kept in settings, shared by every instance), so an API
 * client's access token can never pass for a console user and the reverse. */
export async function loadConsoleTokenKey(db: Executor): Promise<Uint8Array> {
  const value = await makeSettingsRepo(db).getOrInit('console_token_key', () =>
    randomBytes(32).toString('base64'),
  );
  return new Uint8Array(Buffer.from(value, 'base64'));
}

export function makeConsoleTokens(key: Uint8Array, clock: Clock) {
  const nowS = () => Math.floor(clock.now() / 1000);
  return {
    async issue(claims: ConsoleTokenClaims): Promise<{ token: string; expiresAt: number }> {
      const exp = nowS() + CONSOLE_TOKEN_TTL_S;
      const token = await new SignJWT({
        tid: claims.tenantId,
        role: claims.role,
        scope: claims.scopes.join(' '),
        typ: 'console',
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuedAt(nowS())
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: exp * 1000 };
    },

    async verify(token: string): Promise<ConsoleTokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: new Date(clock.now()),
          requiredClaims: ['exp'],
        });
        if (payload.typ !== 'console' || typeof payload.tid !== 'string' || typeof payload.sub !== 'string')
          return null;
        return {
          tenantId: payload.tid,
          userId: payload.sub,
          role: String(payload.role),
          scopes: typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [],
        };
      } catch {
        return null;
      }
    },
  };
}
export type ConsoleTokens = ReturnType<typeof makeConsoleTokens>;

/** Scopes a console role carries in its token. */
export function consoleScopes(role: string): string[] {
  return role === 'admin' ? ['console', 'admin'] : ['console'];
}
