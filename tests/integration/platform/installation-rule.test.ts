import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../engines';
import { DEVICE, eventsAround, startTestApi, type TestApi } from '../test-api';

/**
 * The one rule for naming an installation (lib/usecases/resolve-installation.ts, README "For mobile
 * developers"), on every endpoint that takes one: every combination of a valid, invalid (forged,
 * expired, another tenant's) or absent request_token with a valid, unknown or absent installation_id.
 */
const HOME = { lat: -23.5614, lng: -46.6559 };
const KNOWN = 'known-phone';
const OTHER_KNOWN = 'other-known-phone';
/** Never reported by the SDK; one per token kind, so that the payments of one case never meet another's. */
const unknownFor = (token: Token) => `never-reported-by-${token}`;

type Token = 'valid' | 'forged' | 'expired' | 'foreign' | 'absent';
type Installation = 'valid' | 'unknown' | 'absent';
/** What the endpoint answers, and under which installation the row is stored (null: none). */
type Expected =
  | { status: 200; storedUnder: string | null; risk?: 'unknown_risk' }
  | { status: 400; shape: 'empty' | 'errors' }
  | { status: 404 };

const TOKENS: Token[] = ['valid', 'forged', 'expired', 'foreign', 'absent'];
const INSTALLATIONS: Installation[] = ['valid', 'unknown', 'absent'];
const invalid = (token: Token) => token === 'forged' || token === 'expired' || token === 'foreign';

function expectedSignup(token: Token, installation: Installation): Expected {
  if (token === 'valid') return installation === 'unknown' ? { status: 400, shape: 'empty' } : ok(KNOWN);
  if (installation === 'valid') return ok(KNOWN);
  if (token === 'absent' && installation === 'absent') return { status: 400, shape: 'empty' };
  return { status: 404 };
}

function expectedTransaction(token: Token, installation: Installation): Expected {
  if (token === 'valid') return installation === 'unknown' ? { status: 400, shape: 'errors' } : ok(KNOWN);
  if (installation === 'valid') return ok(KNOWN);
  if (installation === 'unknown')
    return { status: 200, storedUnder: unknownFor(token), risk: 'unknown_risk' };
  // An unusable token alone: stored, judged with no device history, under no installation at all.
  if (invalid(token)) return { status: 200, storedUnder: null, risk: 'unknown_risk' };
  return { status: 400, shape: 'errors' };
}

function expectedFeedback(token: Token, installation: Installation): Expected {
  if (token === 'valid') return installation === 'unknown' ? { status: 400, shape: 'errors' } : ok(KNOWN);
  if (installation === 'valid') return ok(KNOWN);
  // Feedback may name no device at all (an account only); naming one we cannot identify is a 404.
  if (token === 'absent' && installation === 'absent') return ok(null);
  return { status: 404 };
}

const ok = (storedUnder: string | null): Expected => ({ status: 200, storedUnder });

describe.each(TEST_ENGINES)('the installation rule on %s', (engine) => {
  let t: TestApi;
  const tokens = {} as Record<Exclude<Token, 'absent'>, string>;
  beforeAll(async () => {
    t = await startTestApi(engine);
    const events = eventsAround(HOME, 40, t.clock.now(), 5);
    const other = (await t.ingest(OTHER_KNOWN, { device: DEVICE, events })).json();
    expect(other.accepted).toBe(40);
    // A token an hour and a minute old has expired (they live one hour).
    t.clock.advance(-61 * 60_000);
    tokens.expired = (await t.ingest(KNOWN, { device: DEVICE, events: [] })).json().request_token;
    t.clock.advance(61 * 60_000);
    tokens.valid = (await t.ingest(KNOWN, { device: DEVICE, events })).json().request_token;
    tokens.forged = `${tokens.valid.slice(0, -4)}AAAA`;
    const foreign = await t.runtime.createTenant('another tenant');
    const foreignIngest = await t.api.inject({
      method: 'POST',
      url: '/api/v2/sdk/events',
      headers: { 'x-app-key': foreign.app_key, 'content-type': 'application/json' },
      payload: JSON.stringify({ installation_id: KNOWN, device: DEVICE, events }),
    });
    tokens.foreign = foreignIngest.json().request_token;
  });
  afterAll(() => t.close());

  function ref(token: Token, installation: Installation): Record<string, string> {
    return {
      ...(token === 'absent' ? {} : { request_token: tokens[token] }),
      ...(installation === 'valid' ? { installation_id: KNOWN } : {}),
      ...(installation === 'unknown' ? { installation_id: unknownFor(token) } : {}),
    };
  }

  function expectAnswer(
    reply: { statusCode: number; body: string; headers: Record<string, unknown> },
    e: Expected,
  ) {
    expect(reply.statusCode).toBe(e.status);
    if (e.status === 400) {
      if (e.shape === 'empty') expect(reply.body).toBe('');
      else expect(JSON.parse(reply.body).errors.length).toBeGreaterThan(0);
    }
    if (e.status === 404) {
      expect(String(reply.headers['content-type'])).toMatch(/^text\/plain/);
      expect(reply.body).toMatch(/installation/i);
    }
  }

  for (const token of TOKENS) {
    for (const installation of INSTALLATIONS) {
      it(`signup: ${token} token × ${installation} installation`, async () => {
        const e = expectedSignup(token, installation);
        const before = await count('signups');
        const reply = await t.request('POST', '/api/v2/onboarding/signups', {
          ...ref(token, installation),
          address_coordinates: HOME,
        });
        expectAnswer(reply, e);
        if (e.status !== 200) {
          expect(await count('signups')).toBe(before);
          return;
        }
        const stored = await t.runtime.db
          .selectFrom('signups')
          .select('installation_id')
          .where('id', '=', reply.json().id)
          .executeTakeFirstOrThrow();
        expect(stored.installation_id).toBe(e.storedUnder);
        // Judged on the identified device's own history.
        expect(reply.json().evidence.location_events_quantity).toBe(40);
      });

      it(`transaction: ${token} token × ${installation} installation`, async () => {
        const e = expectedTransaction(token, installation);
        const account = `acc-${token}-${installation}`;
        const before = await count('transactions');
        const reply = await t.request('POST', '/api/v2/authentication/transactions', {
          ...ref(token, installation),
          account_id: account,
          type: 'payment',
          payment_value: { amount: 10, currency: 'BRL' },
        });
        expectAnswer(reply, e);
        if (e.status !== 200) {
          expect(await count('transactions')).toBe(before);
          return;
        }
        const body = reply.json();
        const stored = await t.runtime.db
          .selectFrom('transactions')
          .select('installation_id')
          .where('id', '=', body.id)
          .executeTakeFirstOrThrow();
        expect(stored.installation_id).toBe(e.storedUnder);
        if (e.risk) {
          expect(body.risk_assessment).toBe(e.risk);
          expect(body.evidence.location_events_quantity).toBe(0);
          expect(body.evidence.known_account).toBe(false);
        }
        // The account is linked to the installation it was identified on, and to nothing else.
        const links = await t.runtime.db
          .selectFrom('installation_accounts')
          .select('installation_id')
          .where('account_id', '=', account)
          .execute();
        expect(links.map((l) => l.installation_id)).toEqual(e.storedUnder ? [e.storedUnder] : []);
        expect((await t.request('GET', `/api/v2/authentication/transactions/${body.id}`)).json()).toEqual(
          body,
        );
      });

      it(`feedback: ${token} token × ${installation} installation`, async () => {
        const e = expectedFeedback(token, installation);
        const account = `fb-${token}-${installation}`;
        const before = await count('feedbacks');
        const reply = await t.request('POST', '/api/v2/feedbacks', {
          ...ref(token, installation),
          event: 'account_allowed',
          account_id: account,
          timestamp: t.clock.now(),
        });
        expectAnswer(reply, e);
        if (e.status !== 200) {
          expect(await count('feedbacks')).toBe(before);
          return;
        }
        const stored = await t.runtime.db
          .selectFrom('feedbacks')
          .select('installation_id')
          .where('account_id', '=', account)
          .executeTakeFirstOrThrow();
        expect(stored.installation_id).toBe(e.storedUnder);
      });
    }
  }

  it('refuses a valid token with another known installation of the tenant on all three endpoints', async () => {
    const both = { request_token: tokens.valid, installation_id: OTHER_KNOWN };
    const signup = await t.request('POST', '/api/v2/onboarding/signups', both);
    expect([signup.statusCode, signup.body]).toEqual([400, '']);
    for (const [url, body] of [
      ['/api/v2/authentication/transactions', { ...both, account_id: 'a', type: 'login' }],
      ['/api/v2/feedbacks', { ...both, event: 'verified' }],
    ] as const) {
      const reply = await t.request('POST', url, body);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().errors).toEqual([
        'installation_id and request_token refer to different installations',
      ]);
    }
  });

  it('never creates a row under a shared placeholder installation', async () => {
    for (const table of ['transactions', 'feedbacks', 'installation_accounts', 'signups'] as const) {
      const placeholder = await sql<{ n: number }>`
        select count(*) as n from ${sql.table(table)} where installation_id = 'unknown'`.execute(
        t.runtime.db,
      );
      expect(Number(placeholder.rows[0]?.n)).toBe(0);
    }
    // Unidentified payments pool nothing: each is alone, under no installation.
    const unidentified = await t.runtime.db
      .selectFrom('transactions')
      .select('account_id')
      .where('installation_id', 'is', null)
      .execute();
    expect(unidentified.length).toBe(3);
  });

  it('states the rule in the OpenAPI document of every endpoint that takes it', async () => {
    const doc = (await t.api.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const path of [
      '/api/v2/onboarding/signups',
      '/api/v2/authentication/transactions',
      '/api/v2/feedbacks',
    ]) {
      const schema = doc.paths[path].post.requestBody.content['application/json'].schema;
      for (const field of ['request_token', 'installation_id']) {
        expect(schema.properties[field].description).toMatch(/valid request_token .* names its installation/);
      }
    }
  });

  async function count(table: 'signups' | 'transactions' | 'feedbacks'): Promise<number> {
    const row = await t.runtime.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
});
