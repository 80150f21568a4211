import { createHash } from 'node:crypto';
import type { TokenResponse } from '../contracts/token';
import { makeTenantRepo } from '../db/repositories/tenant-repo';
import { verifySecret } from '../auth/secret-hash';
import { ACCESS_TOKEN_TTL_S, type TokenIssuer } from '../auth/token-issuer';
import { AppError } from './app-error';
import type { UseCaseDeps } from './usecase-deps';

/** A verified secret is remembered for this long, so that scrypt runs once per client, not per token. */
const VERIFIED_TTL_MS = 10 * 60 * 1000;

// POST /api/v1/token, /api/v2/token — client credentials → access token
export function makeIssueAccessToken(deps: Pick<UseCaseDeps, 'db' | 'clock'> & { issuer: TokenIssuer }) {
  const verified = new Map<string, number>();
  return async function issueAccessToken(clientId: string, clientSecret: string): Promise<TokenResponse> {
    const credential = await makeTenantRepo(deps.db).findCredential(clientId);
    if (!credential || credential.revokedAt !== null) throw new AppError('unauthenticated');
    const memo = createHash('sha256').update(`${credential.secretHash}\0${clientSecret}`).digest('hex');
    const now = deps.clock.now();
    if ((verified.get(memo) ?? 0) < now) {
      if (!(await verifySecret(clientSecret, credential.secretHash))) throw new AppError('unauthenticated');
      verified.set(memo, now + VERIFIED_TTL_MS);
    }
    return {
      access_token: await deps.issuer.issueAccessToken(credential.tenantId, clientId, credential.scopes),
      token_type: 'Bearer',
      expires_in: String(ACCESS_TOKEN_TTL_S),
    };
  };
}
