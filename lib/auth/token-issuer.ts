import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from '../domain/clock';
import { makeRequestTokens } from './request-token';

/** Access tokens live 20 minutes, as the clients expect (`expires_in: "1200"`). */
export const ACCESS_TOKEN_TTL_S = 1200;
/** SDK request tokens live one hour (PRODUCT.md item 10). */
export const REQUEST_TOKEN_TTL_S = 3600;

export interface AccessClaims {
  tenantId: string;
  clientId: string;
  scopes: string[];
  expiresAt: number;
}

/** Issues and checks the service's JWTs (HS256 with the instance-wide key kept in the database). */
export function makeTokenIssuer(key: Uint8Array, clock: Clock) {
  const nowS = () => Math.floor(clock.now() / 1000);
  const requestTokens = makeRequestTokens(key);
  // A token without `exp` would be valid forever: every token we issue has one, so one without is forged or stale.
  const verify = (token: string) =>
    jwtVerify(token, key, {
      algorithms: ['HS256'],
      currentDate: new Date(clock.now()),
      requiredClaims: ['exp'],
    });

  return {
    async issueAccessToken(tenantId: string, clientId: string, scopes: string[]): Promise<string> {
      return new SignJWT({ tid: tenantId, scope: scopes.join(' '), typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(clientId)
        .setIssuedAt(nowS())
        .setExpirationTime(nowS() + ACCESS_TOKEN_TTL_S)
        .sign(key);
    },

    async verifyAccessToken(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await verify(token);
        if (payload.typ !== 'access' || typeof payload.tid !== 'string' || typeof payload.sub !== 'string')
          return null;
        return {
          tenantId: payload.tid,
          clientId: payload.sub,
          scopes: typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [],
          expiresAt: (payload.exp ?? 0) * 1000,
        };
      } catch {
        return null;
      }
    },

    async issueRequestToken(tenantId: string, installationId: string): Promise<string> {
      return requestTokens.issue(tenantId, installationId, nowS() + REQUEST_TOKEN_TTL_S);
    },

    /** The installation the token is bound to, or null if it is invalid, expired or another tenant's. */
    async verifyRequestToken(tenantId: string, token: string): Promise<string | null> {
      if (requestTokens.isCompact(token)) return requestTokens.verify(tenantId, token, nowS());
      // Issued as JWTs before the compact format: still honoured until they expire (an hour at most).
      try {
        const { payload } = await verify(token);
        if (payload.typ !== 'request' || payload.tid !== tenantId || typeof payload.iid !== 'string')
          return null;
        return payload.iid;
      } catch {
        return null;
      }
    },
  };
}
export type TokenIssuer = ReturnType<typeof makeTokenIssuer>;
