/**
 * How each official Incognia client puts a call on the wire, reproduced byte for byte where it matters
 * (read from the clients' sources: incognia-node 4.x/6.x `src/request.ts`, `src/formatting.ts`,
 * `src/types.ts`; incognia-python 1.x/3.x `token_manager.py`, `base_request.py`, `json_util.py`,
 * `models.py`, `feedback_events.py`). Tests drive the real server with these shapes over HTTP.
 */

export type ClientName = 'node 4.x' | 'node 6.x' | 'python 1.x' | 'python 3.x';

export interface WireRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface OfficialClient {
  name: ClientName;
  /** How the client names the device on signups, payments and logins. */
  identifiesBy: 'installation_id' | 'request_token';
  /** The payment method types its types/enums declare. */
  paymentMethods: readonly string[];
  /** Spelling of `eval=false` in the query string. */
  evalFalse: string;
  token(clientId: string, secret: string): WireRequest;
  /** A resource call with the access token; `body` in the client's own key style. */
  call(
    method: 'GET' | 'POST',
    path: string,
    accessToken: string,
    body?: Record<string, unknown>,
  ): WireRequest;
  /** The feedback's time fields as the client sends them. */
  feedbackTime(ms: number): Record<string, unknown>;
  /** A feedback event only this client declares (stored, neutral). */
  ownFeedbackEvent: string;
}

/** incognia-node `convertObjectToSnakeCase`: every key of every nested object, camelCase → snake_case. */
export function snakeCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCaseKeys);
  if (value instanceof Date) return value;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      snakeCaseKeys(v),
    ]),
  );
}

/** incognia-python `json_util.encode`: top-level Nones dropped, UTF-8 without escaping (ensure_ascii=False). */
function pythonJson(body: Record<string, unknown>): string {
  return JSON.stringify(
    Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null && v !== undefined)),
  );
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

function nodeClient(name: 'node 4.x' | 'node 6.x'): OfficialClient {
  const v6 = name === 'node 6.x';
  return {
    name,
    identifiesBy: v6 ? 'request_token' : 'installation_id',
    paymentMethods: v6
      ? [
          'apple_pay',
          'account_balance',
          'credit_card',
          'debit_card',
          'google_pay',
          'meal_voucher',
          'nu_pay',
          'pix',
        ]
      : ['credit_card', 'debit_card'],
    evalFalse: 'false',
    // axios with `auth` and a qs-encoded form body.
    token: (id, secret) => ({
      method: 'POST',
      path: '/api/v2/token',
      headers: {
        authorization: basic(id, secret),
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': `incognia-node/${v6 ? '6.4.0' : '4.5.1'}`,
      },
      body: 'grant_type=client_credentials',
    }),
    // Every call carries Content-Type: application/json, a GET too (with no body).
    call: (method, path, accessToken, body) => ({
      method,
      path,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      ...(body === undefined ? {} : { body: JSON.stringify(snakeCaseKeys(body)) }),
    }),
    // 4.x: `timestamp` in epoch ms; 6.x: `occurredAt`/`expiresAt` Dates, serialised by JSON.stringify.
    feedbackTime: (ms) =>
      v6 ? { occurredAt: new Date(ms), expiresAt: new Date(ms + 30 * 86_400_000) } : { timestamp: ms },
    ownFeedbackEvent: v6 ? 'login_accepted_by_facial_biometrics' : 'password_change_failed',
  };
}

function pythonClient(name: 'python 1.x' | 'python 3.x'): OfficialClient {
  const v3 = name === 'python 3.x';
  return {
    name,
    identifiesBy: v3 ? 'request_token' : 'installation_id',
    paymentMethods: v3
      ? [
          'account_balance',
          'apple_pay',
          'bancolombia',
          'boleto_bancario',
          'cash',
          'credit_card',
          'debit_card',
          'google_pay',
          'meal_voucher',
          'nu_pay',
          'paypal',
          'pix',
        ]
      : ['credit_card', 'debit_card'],
    // requests renders the Python bool in `params={'eval': False}` as `False`.
    evalFalse: 'False',
    // requests.post(url, auth=(id, secret)): no body, no Content-Type.
    token: (id, secret) => ({
      method: 'POST',
      path: '/api/v1/token',
      headers: {
        authorization: basic(id, secret),
        'user-agent': `incognia-python/${v3 ? '3.4.1' : '1.6.0'}`,
      },
    }),
    // POSTs carry a JSON Content-Type; GETs only the Authorization header.
    call: (method, path, accessToken, body) => ({
      method,
      path,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: pythonJson(body) }),
    }),
    // 1.x: `timestamp` in epoch ms; 3.x: datetime.isoformat() of an aware UTC datetime (microseconds, +00:00).
    feedbackTime: (ms) =>
      v3
        ? {
            occurred_at: new Date(ms).toISOString().replace('Z', '123+00:00'),
            expires_at: new Date(ms + 86_400_000).toISOString().replace('Z', '000+00:00'),
          }
        : { timestamp: ms },
    // Python 1.x's own constants, typo included.
    ownFeedbackEvent: v3 ? 'not_verified' : 'payment_declined___by_risk_analysis',
  };
}

export const OFFICIAL_CLIENTS: readonly OfficialClient[] = [
  nodeClient('node 4.x'),
  nodeClient('node 6.x'),
  pythonClient('python 1.x'),
  pythonClient('python 3.x'),
];

/** Sends a wire request to a listening server and reads the answer as the client would. */
export async function send(baseUrl: string, request: WireRequest) {
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: () => JSON.parse(text) as Record<string, unknown>,
  };
}
