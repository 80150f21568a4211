import { createHash } from 'node:crypto';
import type { TokenResponse } from '../contracts/token';
import { makeTenantRepo, type CredentialRecord } from '../db/repositories/tenant-repo';
import { verifySecret } from '../auth/secret-hash';
import { ACCESS_TOKEN_TTL_S, type TokenIssuer } from '../auth/token-issuer';
import { AppError } from './app-error';
import type { UseCaseDeps } from './usecase-deps';

/** A verified secret is remembered for this long, so that scrypt runs once per client, not per token. */
const VERIFIED_TTL_MS = 10 * 60 * 1000;
/** Credentials are re-read this often, so that a revocation takes effect within a minute. */
const CREDENTIAL_TTL_MS = 60 * 1000;

// POST /api/v1/token, /api/v2/token — client credentials → access token
export function makeIssueAccessToken(deps: Pick<UseCaseDeps, 'db' | 'clock'> & { issuer: TokenIssuer }) {
  const verified = new Map<string, number>();
  const credentials = new Map<string, { record: CredentialRecord | null; readAt: number }>();

  /**
   * The credential, re-read once a minute. If the database is unreachable, the last known record is
   * used: official Python clients hang forever after one failed token fetch, so this route must not fail.
   */
  async function findCredential(clientId: string, now: number): Promise<CredentialRecord | null> {
    const cached = credentials.get(clientId);
    if (cached && now - cached.readAt < CREDENTIAL_TTL_MS) return cached.record;
    try {
      const record = await makeTenantRepo(deps.db).findCredential(clientId);
      if (credentials.size > 10_000) credentials.clear();
      credentials.set(clientId, { record, readAt: now });
      return record;
    } catch (error) {
      if (cached) return cached.record;
      throw error;
    }
  }

  return async function issueAccessToken(clientId: string, clientSecret: string): Promise<TokenResponse> {
    const now = deps.clock.now();
    const credential = await findCredential(clientId, now);
    if (!credential || credential.revokedAt !== null)
      throw new AppError('unauthenticated', ['invalid client credentials']);
    const memo = createHash('sha256').update(`${credential.secretHash}\0${clientSecret}`).digest('hex');
    if ((verified.get(memo) ?? 0) < now) {
      if (!(await verifySecret(clientSecret, credential.secretHash))) {
        throw new AppError('unauthenticated', ['invalid client credentials']);
      }
      if (verified.size > 10_000) verified.clear();
      verified.set(memo, now + VERIFIED_TTL_MS);
    }
    return {
      access_token: await deps.issuer.issueAccessToken(credential.tenantId, clientId, credential.scopes),
      token_type: 'Bearer',
      expires_in: String(ACCESS_TOKEN_TTL_S),
    };
  };
}
