import type { Engine } from '../../lib/db/connect';
import type { AdmissionConfig } from '../../lib/server/admission/admission-config';
import { DEVICE, basic, eventsAround, startTestApi, type TestApi } from '../integration/test-api';
import { wrongShape, type Answer } from './answer-shape';
import { KNOWN } from './known-ids';
import type { FuzzRequest } from './malformed-requests';
import type { PublicRoute } from './public-routes';

/** The real API on one engine, with a seeded tenant, ready to be fuzzed. */
export interface FuzzTarget {
  engine: Engine;
  t: TestApi;
  scopelessToken: string;
}

/** The limits would answer most of a fuzz run with 429s; the fuzz is after what lies behind them. */
const GENEROUS: AdmissionConfig = {
  concurrency: { global: 1_000, perTenant: 1_000 },
  perAppKey: { capacity: 1e9, refillPerSecond: 1e9, maxKeys: 1_000 },
  perInstallation: { capacity: 1e9, refillPerSecond: 1e9, maxKeys: 100_000 },
};

export async function startFuzzTarget(engine: Engine): Promise<FuzzTarget> {
  const t = await startTestApi(engine, { admission: GENEROUS });
  const home = { lat: -23.5614, lng: -46.6559 };
  await t.ingest(KNOWN.installation, {
    device: DEVICE,
    account_id: KNOWN.account,
    events: eventsAround(home, 50, t.clock.now()),
  });
  await t.request('PUT', `/api/v2/admin/stores/${KNOWN.store}`, {
    name: 'store',
    latitude: home.lat,
    longitude: home.lng,
  });
  const none = await t.runtime.createTenant('scopeless', []);
  const token = await t.api.inject({
    method: 'POST',
    url: '/api/v2/token',
    headers: { authorization: basic(none.client_id, none.client_secret) },
  });
  return { engine, t, scopelessToken: token.json<{ access_token: string }>().access_token };
}

function credentialHeader(target: FuzzTarget, route: PublicRoute, credential: FuzzRequest['credential']) {
  const { t } = target;
  if (credential === 'none') return {};
  switch (route.credential) {
    case 'bearer': {
      const token =
        credential === 'good' ? t.token : credential === 'scopeless' ? target.scopelessToken : 'a.b.c';
      return { authorization: `Bearer ${token}` };
    }
    case 'app-key':
      return { 'x-app-key': credential === 'good' ? t.tenant.app_key : 'not-an-app-key' };
    case 'basic':
      return {
        authorization:
          credential === 'good'
            ? basic(t.tenant.client_id, t.tenant.client_secret)
            : basic(t.tenant.client_id, credential === 'scopeless' ? 'wrong' : '\u0000'),
      };
  }
}

export async function send(target: FuzzTarget, route: PublicRoute, request: FuzzRequest): Promise<Answer> {
  const reply = await target.t.api.inject({
    method: request.method,
    url: request.url,
    headers: {
      ...credentialHeader(target, route, request.credential),
      ...(request.contentType ? { 'content-type': request.contentType } : {}),
    },
    ...(request.payload === null ? {} : { payload: request.payload }),
  });
  const retryAfter = reply.headers['retry-after'];
  return {
    status: reply.statusCode,
    contentType: String(reply.headers['content-type'] ?? ''),
    body: reply.body,
    retryAfter: retryAfter === undefined ? undefined : String(retryAfter),
  };
}

/** One request on every engine: what is wrong with any answer, and whether the engines disagree. */
export async function checkCase(targets: readonly FuzzTarget[], route: PublicRoute, request: FuzzRequest) {
  const answers = [];
  for (const target of targets) answers.push(await send(target, route, request));
  const shapes = answers.map((a, i) => {
    const problem = wrongShape(route, a);
    return problem ? `${targets[i]?.engine}: ${problem}` : null;
  });
  const first = answers[0];
  // The same input gets the same answer on both engines; a 4xx says the same words.
  const disagreement = answers.some(
    (a) => a.status !== first?.status || (a.status >= 400 && a.status < 500 && a.body !== first.body),
  )
    ? answers.map((a, i) => `${targets[i]?.engine} ${a.status} ${a.body.slice(0, 120)}`).join(' | ')
    : null;
  return {
    answers,
    fiveXX: answers.filter((a) => a.status >= 500).length,
    wrongShapes: shapes.filter((s): s is string => s !== null),
    disagreement,
  };
}
