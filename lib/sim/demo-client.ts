import type { Clock } from '../domain/clock';
import { postJson, type FetchLike, type JsonReply } from './post-json';
import { createTokenSource } from './token-source';

/** The public API as the demo's client and SDK use it: app-key ingestion, Bearer calls, admin PUTs. */
export function makeDemoClient(o: {
  baseUrl: string;
  credentials: { clientId: string; clientSecret: string };
  appKey: string;
  clock: Clock;
  fetch: FetchLike;
}) {
  const tokens = createTokenSource({
    baseUrl: o.baseUrl,
    clientId: o.credentials.clientId,
    clientSecret: o.credentials.clientSecret,
    fetch: o.fetch,
    clock: o.clock,
  });
  const authorized = async (path: string, body: unknown, method = 'POST'): Promise<JsonReply> => {
    const headers = { authorization: `Bearer ${await tokens.get()}` };
    if (method === 'POST')
      return postJson(o.fetch, `${o.baseUrl}${path}`, body, headers).catch(() => ({ status: 0, body: null }));
    const response = await o.fetch(`${o.baseUrl}${path}`, {
      method,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.text() };
  };
  return {
    ingest: (body: unknown) =>
      postJson(o.fetch, `${o.baseUrl}/api/v2/sdk/events`, body, { 'x-app-key': o.appKey }).catch(
        (): JsonReply => ({ status: 0, body: null }),
      ),
    post: (path: string, body: unknown) => authorized(path, body),
    put: (path: string, body: unknown) => authorized(path, body, 'PUT'),
  };
}
export type DemoClient = ReturnType<typeof makeDemoClient>;
