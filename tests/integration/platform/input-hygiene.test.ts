import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../engines';
import { DEVICE, eventsAround, startTestApi, type TestApi } from '../test-api';

/**
 * Input no database should see — NUL, lone surrogates, undecodable paths, ids that are not UUIDs,
 * invalid or overlong UTF-8 — gets the endpoint's spec shape on both engines, and changes nothing.
 */
const HOME = { lat: 40.7484, lng: -73.9857 };
const SIGNUPS = '/api/v2/onboarding/signups';
const TRANSACTIONS = '/api/v2/authentication/transactions';
const BAD_STRINGS = ['a\u0000b', '\u0000', 'x\ud800', '\udc00y', 'ok\ud83d'];
const BAD_IDS = [
  '%ff',
  '%',
  '%00',
  'abc%00',
  '%C0%AF',
  'not-a-uuid',
  '00000000-0000-4000-8000-00000000000g',
  'x'.repeat(300),
];

describe.each(TEST_ENGINES)('input hygiene at the edge on %s', (engine) => {
  let t: TestApi;
  let signupId = '';
  const raw = (method: 'POST' | 'PUT', url: string, payload: string | Buffer) =>
    t.api.inject({
      method,
      url,
      headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' },
      payload,
    });

  beforeAll(async () => {
    t = await startTestApi(engine);
    await t.ingest('phone', { device: DEVICE, events: eventsAround(HOME, 30, t.clock.now()) });
    signupId = (
      await t.request('POST', SIGNUPS, { installation_id: 'phone', address_coordinates: HOME })
    ).json().id;
  });
  afterAll(() => t.close());

  it('answers signups an empty 400 for a bad installation_id, {errors} for other bad strings', async () => {
    for (const s of BAD_STRINGS) {
      const bad = await t.request('POST', SIGNUPS, { installation_id: s });
      expect([s, bad.statusCode, bad.body]).toEqual([s, 400, '']);
      const token = await t.request('POST', SIGNUPS, { request_token: s });
      expect([s, token.statusCode, token.body]).toEqual([s, 400, '']);
      const address = await t.request('POST', SIGNUPS, { installation_id: 'phone', address_line: s });
      expect(address.statusCode).toBe(400);
      expect(address.json().errors).toEqual([expect.stringMatching(/^address_line: /)]);
      const key = await t.request('POST', SIGNUPS, { installation_id: 'phone', [s]: 1 });
      expect(key.statusCode).toBe(400);
    }
  });

  it('answers transactions and feedback {errors} naming the field', async () => {
    for (const s of BAD_STRINGS) {
      for (const [url, body, field] of [
        [TRANSACTIONS, { installation_id: 'phone', account_id: s, type: 'payment' }, 'account_id'],
        [TRANSACTIONS, { installation_id: s, account_id: 'a', type: 'payment' }, 'installation_id'],
        [
          TRANSACTIONS,
          { installation_id: 'phone', account_id: 'a', type: 'payment', payment_methods: [{ type: s }] },
          'payment_methods.0.type',
        ],
        ['/api/v2/feedbacks', { event: 'verified', account_id: s }, 'account_id'],
      ] as const) {
        const reply = await t.request('POST', url, body);
        expect([url, s, reply.statusCode]).toEqual([url, s, 400]);
        expect(reply.json().errors).toEqual([
          expect.stringMatching(new RegExp(`^${field.replaceAll('.', '\\.')}: `)),
        ]);
      }
    }
  });

  it('answers a text 404 for path ids that cannot exist, after authorisation', async () => {
    for (const id of BAD_IDS) {
      for (const [method, url, text] of [
        ['GET', `${SIGNUPS}/${id}`, /signup ID could not be found/],
        ['PUT', `${SIGNUPS}/${id}`, /signup ID could not be found/],
        ['GET', `${TRANSACTIONS}/${id}`, /could not be found|Not found/],
      ] as const) {
        const anonymous = await t.api.inject({ method, url });
        expect([id, url, anonymous.statusCode]).toEqual([id, url, 401]);
        const reply = await t.request(
          method,
          url,
          method === 'PUT' ? { address_coordinates: HOME } : undefined,
        );
        expect([id, method, reply.statusCode]).toEqual([id, method, 404]);
        expect(String(reply.headers['content-type'])).toMatch(/^text\/plain/);
        expect(reply.body).toMatch(text);
      }
    }
    const query = await t.request('POST', `${TRANSACTIONS}?eval=%00`, {
      installation_id: 'phone',
      account_id: 'a',
      type: 'payment',
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().errors).toEqual([expect.stringMatching(/^eval: /)]);
  });

  it('refuses invalid and overlong UTF-8 instead of reading it as {} (PUT signups used to reassess with no address)', async () => {
    const before = await t.request('GET', `${SIGNUPS}/${signupId}`);
    for (const bytes of [
      [0x7b, 0x22, 0xc0, 0xaf, 0x22, 0x3a, 0x31, 0x7d], // overlong "/" as a key
      [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d], // an encoded surrogate
      [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d], // a byte that is never UTF-8
    ]) {
      for (const [method, url] of [
        ['PUT', `${SIGNUPS}/${signupId}`],
        ['POST', SIGNUPS],
        ['POST', TRANSACTIONS],
      ] as const) {
        const reply = await raw(method, url, Buffer.from(bytes));
        expect([url, reply.statusCode]).toEqual([url, 400]);
        expect(reply.json().errors).toEqual(['body: must be UTF-8 encoded JSON']);
      }
    }
    const after = await t.request('GET', `${SIGNUPS}/${signupId}`);
    expect(after.json()).toEqual(before.json());
  });

  it('refuses JSON nested deeper than any request, without overflowing the stack', async () => {
    for (const depth of [40, 100_000]) {
      const payload = `{"installation_id":"phone","account_id":"a","type":"payment","x":${'['.repeat(depth)}${']'.repeat(depth)}}`;
      const reply = await raw('POST', TRANSACTIONS, payload);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().errors.length).toBe(1);
    }
  });

  it('stored nothing from any of it', async () => {
    const rows = await t.runtime.db.selectFrom('transactions').select('id').execute();
    expect(rows).toEqual([]);
    const signups = await t.runtime.db.selectFrom('signups').select('id').execute();
    expect(signups).toHaveLength(1);
  });
});
