import { LruCache } from '../lru-cache.ts';
import type { SourceMatch } from '../types.ts';
import { nominatimAdapter } from './nominatim.ts';
import { peliasAdapter } from './pelias.ts';
import { photonAdapter } from './photon.ts';
import type { RemoteAdapter, RemoteQuery } from './remote-adapter.ts';

export type RemoteKind = RemoteAdapter['kind'];

const REMOTE_ADAPTERS: Record<RemoteKind, RemoteAdapter> = {
  nominatim: nominatimAdapter,
  pelias: peliasAdapter,
  photon: photonAdapter,
};

/** Outcome of one call: the place, a definite "not found", or a failure the chain steps over. */
export type RemoteOutcome =
  { kind: 'found'; match: SourceMatch } | { kind: 'not_found' } | { kind: 'failed'; reason: string };

export interface RemoteGeocoder {
  lookup(query: RemoteQuery): Promise<RemoteOutcome>;
}

/**
 * Calls a self-hosted geocoder with a timeout. Never throws: a refused connection, an HTTP error, a
 * timeout or an unreadable body is a `failed` outcome, so that a signup is never failed by it. Answers
 * (found and not found) are cached by URL; failures are not, so the next call retries.
 */
export function createRemoteGeocoder(options: {
  kind: RemoteKind;
  baseUrl: string;
  timeoutMs: number;
  fetch: typeof fetch;
  cacheSize?: number;
}): RemoteGeocoder {
  const adapter = REMOTE_ADAPTERS[options.kind];
  const cache = new LruCache<RemoteOutcome>(options.cacheSize ?? 10_000);
  return {
    async lookup(query) {
      const url = adapter.requestUrl(options.baseUrl, query);
      if (!url) return { kind: 'not_found' };
      const cached = cache.get(url);
      if (cached) return cached;
      try {
        const response = await options.fetch(url, {
          signal: AbortSignal.timeout(options.timeoutMs),
          headers: { accept: 'application/json', 'user-agent': 'locus-geocoder' },
        });
        if (!response.ok) return { kind: 'failed', reason: `HTTP ${response.status}` };
        const match = adapter.readResponse(await response.json());
        const outcome: RemoteOutcome = match ? { kind: 'found', match } : { kind: 'not_found' };
        cache.set(url, outcome);
        return outcome;
      } catch (error) {
        return {
          kind: 'failed',
          reason: error instanceof Error ? error.name + ': ' + error.message : 'unknown error',
        };
      }
    },
  };
}
