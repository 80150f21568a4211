import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const CLIENT_ID = 'client-1';
export const CLIENT_SECRET = 'secret-1';
export const APP_KEY = 'app-key-1';

/** What the fake saw, in arrival order, plus every contract violation it noticed. */
export interface FakeLocus {
  url: string;
  log: { path: string; body: Record<string, unknown> }[];
  problems: string[];
  tokensIssued: number;
  /** Paths whose next N requests answer 500, to exercise retries. */
  failNext: Map<string, number>;
  /** Tokens the server forgets (answers 401 for), to exercise re-authentication. */
  revoked: Set<string>;
  tokenLifetimeS: number;
  close(): Promise<void>;
}

const isIso = (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v)) && v.endsWith('Z');

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A tiny stand-in for the Locus API on 127.0.0.1 that checks request shapes against the contract. */
export async function startFakeLocus(): Promise<FakeLocus> {
  const known = new Map<string, number>();
  const tokens = new Set<string>();
  const fake: FakeLocus = {
    url: '',
    log: [],
    problems: [],
    tokensIssued: 0,
    failNext: new Map(),
    revoked: new Set(),
    tokenLifetimeS: 1200,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const check = (ok: boolean, problem: string) => {
    if (!ok) fake.problems.push(problem);
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = req.url ?? '';
    const text = await readBody(req);
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    const send = (status: number, payload?: unknown) => {
      res.writeHead(status, {
        'content-type': typeof payload === 'string' ? 'text/plain' : 'application/json',
      });
      res.end(payload === undefined ? '' : typeof payload === 'string' ? payload : JSON.stringify(payload));
    };
    const failures = fake.failNext.get(path) ?? 0;
    if (failures > 0) {
      fake.failNext.set(path, failures - 1);
      return send(500);
    }
    fake.log.push({ path, body });
    if (req.method !== 'POST') return send(405);
    if (path === '/api/v2/token') {
      const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return send(401, { error: 'invalid_client' });
      const token = `tok-${++fake.tokensIssued}`;
      tokens.add(token);
      return send(200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: String(fake.tokenLifetimeS),
      });
    }
    if (path === '/api/v2/sdk/events') {
      check(req.headers['x-app-key'] === APP_KEY, 'ingestion without the app key');
      const events = body.events as Record<string, unknown>[];
      check(typeof body.installation_id === 'string' && typeof body.device_id === 'string', 'ingestion ids');
      check(
        typeof (body.device as Record<string, unknown>)?.location_permission_enabled === 'boolean',
        'device',
      );
      check(Array.isArray(events) && events.length <= 1000, 'batch over 1000 events');
      for (const e of events)
        check(isIso(e.ts) && typeof e.lat === 'number' && typeof e.accuracy_m === 'number', 'event');
      const id = body.installation_id as string;
      known.set(id, (known.get(id) ?? 0) + events.length);
      return send(202, { accepted: events.length, rejected: [], request_token: `rt-${id}` });
    }
    // Newer clients name the installation by the request_token the SDK got from ingestion.
    if (typeof body.request_token === 'string') {
      check(body.installation_id === undefined, 'both installation_id and request_token');
      body.installation_id = body.request_token.replace(/^rt-/, '');
    }
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(token) || fake.revoked.has(token)) return send(401);
    check(req.headers['content-type'] === 'application/json', 'content type');
    if (path === '/api/v2/onboarding/signups') {
      if (!known.has(body.installation_id as string)) return send(404, 'installation not found: retry later');
      const events = known.get(body.installation_id as string) ?? 0;
      return send(200, {
        id: randomUUID(),
        request_id: randomUUID(),
        risk_assessment: events === 0 ? 'unknown_risk' : 'low_risk',
        reasons: [{ code: 'address_verification', source: 'local' }],
        evidence: { location_events_quantity: events },
        device_id: 'dev',
      });
    }
    if (path === '/api/v2/authentication/transactions') {
      check(['payment', 'login'].includes(body.type as string), 'transaction type');
      check(typeof body.account_id === 'string' && typeof body.external_id === 'string', 'transaction ids');
      check(known.has(body.installation_id as string), 'transaction before the device was reported');
      return send(200, {
        id: randomUUID(),
        risk_assessment: 'high_risk',
        reasons: [],
        evidence: {},
        device_id: 'dev',
      });
    }
    if (path === '/api/v2/feedbacks') {
      check(typeof body.event === 'string' && typeof body.timestamp === 'number', 'feedback shape');
      return send(200, {});
    }
    return send(404, 'no route');
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      fake.problems.push(String(error));
      res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
