import { createHash } from 'node:crypto';
import type { TokenResponse } from '../contracts/token';
import { makeTenantRepo, type CredentialRecord } from '../db/repositories/tenant-repo';
import type { FailedAttemptLimiter } from '../auth/failed-attempts';
import { DUMMY_SECRET_HASH, verifySecret } from '../auth/secret-hash';
import { ACCESS_TOKEN_TTL_S, type TokenIssuer } from '../auth/token-issuer';
import { AppError } from './app-error';
import type { UseCaseDeps } from './usecase-deps';

/**
 * A verified secret is remembered this long (keyed by its hash and the stored hash, never the secret):
 * scrypt runs once per client, and a client that got a token before is recognised without it even
 * while its client id is under attack.
 */
const VERIFIED_TTL_MS = 24 * 60 * 60 * 1000;
/** Credentials are re-read this often, so that a revocation takes effect within a minute. */
const CREDENTIAL_TTL_MS = 60 * 1000;
const MAX_CACHED = 10_000;

/** A map that forgets its oldest entry when full, so a flood of new keys never empties it. */
function boundedMap<V>() {
  const map = new Map<string, V>();
  return {
    get: (key: string) => map.get(key),
    set(key: string, value: V) {
      map.delete(key);
      if (map.size >= MAX_CACHED) map.delete(map.keys().next().value ?? '');
      map.set(key, value);
    },
  };
}

const invalid = () => new AppError('unauthenticated', ['invalid client credentials']);

// POST /api/v1/token, /api/v2/token — client credentials → access token
export function makeIssueAccessToken(
  deps: Pick<UseCaseDeps, 'db' | 'clock'> & { issuer: TokenIssuer; failures: FailedAttemptLimiter },
) {
  const verified = boundedMap<number>();
  // Known and unknown ids are cached apart: a flood of made-up ids cannot evict the real clients.
  const known = boundedMap<{ record: CredentialRecord; readAt: number }>();
  const unknown = boundedMap<number>();

  /**
   * The credential, re-read once a minute. If the database is unreachable, the last known record is
   * used: official Python clients hang forever after one failed token fetch, so this route must not fail.
   */
  async function findCredential(clientId: string, now: number): Promise<CredentialRecord | null> {
    const cached = known.get(clientId);
    if (cached && now - cached.readAt < CREDENTIAL_TTL_MS) return cached.record;
    const missing = unknown.get(clientId);
    if (!cached && missing !== undefined && now - missing < CREDENTIAL_TTL_MS) return null;
    try {
      const record = await makeTenantRepo(deps.db).findCredential(clientId);
      if (record) known.set(clientId, { record, readAt: now });
      else unknown.set(clientId, now);
      return record;
    } catch (error) {
      if (cached) return cached.record;
      throw error;
    }
  }

  /**
   * Every attempt costs the same: an unknown or revoked client id is checked against a dummy hash.
   * A secret seen valid before is let through at once; otherwise a throttled source (too many bad
   * attempts) is answered 429 without spending scrypt on it.
   */
  return async function issueAccessToken(
    clientId: string,
    clientSecret: string,
    source: string,
  ): Promise<TokenResponse> {
    const now = deps.clock.now();
    const found = await findCredential(clientId, now);
    const credential = found && found.revokedAt === null ? found : null;
    const hash = credential?.secretHash ?? DUMMY_SECRET_HASH;
    const memo = createHash('sha256').update(`${hash}\0${clientSecret}`).digest('hex');
    if (!credential || (verified.get(memo) ?? 0) < now) {
      if (deps.failures.throttled(clientId, source))
        throw new AppError(
          'rate_limited',
          ['too many failed attempts, retry later'],
          deps.failures.retryAfterS(),
        );
      const valid = await verifySecret(clientSecret, hash);
      if (!valid || !credential) {
        deps.failures.recordFailure(clientId, source);
        throw invalid();
      }
      verified.set(memo, now + VERIFIED_TTL_MS);
    }
    return {
      access_token: await deps.issuer.issueAccessToken(credential.tenantId, clientId, credential.scopes),
      token_type: 'Bearer',
      expires_in: String(ACCESS_TOKEN_TTL_S),
    };
  };
}
