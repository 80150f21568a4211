/** What came back from one POST: status and parsed JSON (null when the body is empty or not JSON). */
export interface JsonReply {
  status: number;
  body: unknown;
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

const RETRY_DELAYS_MS = [200, 800, 2000];
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * POST a JSON body. Network errors, 429 and 5xx are retried with back-off (the service answers 500 with
 * "retry"); anything else is returned as is for the caller to judge. Throws only when every attempt failed.
 */
export async function postJson(
  fetchImpl: FetchLike,
  url: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<JsonReply> {
  let lastError: unknown = null;
  for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
    if (attempt > 0) await sleep(RETRY_DELAYS_MS[attempt - 1]!);
    try {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      const reply = { status: response.status, body: parseJson(text) };
      if (response.status !== 429 && response.status < 500) return reply;
      lastError = new Error(`HTTP ${response.status} from ${url}`);
      if (attempt === RETRY_DELAYS_MS.length) return reply;
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}

function parseJson(text: string): unknown {
  if (text.length === 0) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
