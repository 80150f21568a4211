import type { Clock } from '../domain/clock';
import { postJson, type FetchLike } from './post-json';

export interface TokenSource {
  /** A valid bearer token, fetched or refreshed when within a minute of expiry. */
  get(): Promise<string>;
  /** Forget the cached token (after a 401). */
  invalidate(): void;
}

export interface TokenSourceOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch: FetchLike;
  clock: Clock;
}

const REFRESH_MARGIN_MS = 60_000;

/** Client-credentials tokens from `POST /api/v2/token` (HTTP Basic), shared by all concurrent requests. */
export function createTokenSource(options: TokenSourceOptions): TokenSource {
  let cached: { token: string; expiresAt: number } | null = null;
  let inFlight: Promise<string> | null = null;
  const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');

  async function fetchToken(): Promise<string> {
    const reply = await postJson(options.fetch, `${options.baseUrl}/api/v2/token`, undefined, {
      authorization: `Basic ${basic}`,
    });
    const body = reply.body as { access_token?: unknown; expires_in?: unknown } | null;
    if (reply.status !== 200 || typeof body?.access_token !== 'string') {
      throw new Error(`token request failed with HTTP ${reply.status}`);
    }
    // expires_in is a string of seconds on this API (official clients expect it so); accept a number too.
    const seconds = Number(body.expires_in ?? 1200);
    cached = {
      token: body.access_token,
      expiresAt: options.clock.now() + (Number.isFinite(seconds) ? seconds : 1200) * 1000,
    };
    return body.access_token;
  }

  return {
    get() {
      if (cached && cached.expiresAt - REFRESH_MARGIN_MS > options.clock.now())
        return Promise.resolve(cached.token);
      inFlight ??= fetchToken().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    invalidate() {
      cached = null;
    },
  };
}
