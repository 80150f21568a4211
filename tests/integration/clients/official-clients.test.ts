import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUsersStore } from '../../../lib/db/console/users-store';
import { TEST_ENGINES } from '../engines';
import { DEVICE, eventsAround, startTestApi, type TestApi } from '../test-api';
import { OFFICIAL_CLIENTS, send, type OfficialClient } from './official-client-wire';

/**
 * Each official client, run against the real server over HTTP in the shapes it sends: its token call,
 * signups by installation_id or request_token, payments with every payment method it declares (and
 * `eval=false` in its own spelling), logins, feedback with its own time fields and events.
 */
const HOME = { lat: -23.561414, lng: -46.6558819 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CARD = { bin: '123456', lastFourDigits: '1234', expiryYear: '2027', expiryMonth: '10' };

/** A payment method as the client's types build it (Node camelCase, converted to snake_case on the wire). */
function method(client: OfficialClient, type: string): Record<string, unknown> {
  const node = client.name.startsWith('node');
  const card = node
    ? CARD
    : { bin: '123456', last_four_digits: '1234', expiry_year: '2027', expiry_month: '10' };
  const info =
    type === 'credit_card' || type === 'debit_card'
      ? { [node ? `${camel(type)}Info` : `${type}_info`]: card }
      : {};
  return { type, ...info, ...(client.name === 'node 6.x' ? { identifier: `${type}-id` } : {}) };
}
const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Keys in the client's own style: Node builds camelCase, Python snake_case. */
function body(client: OfficialClient, fields: Record<string, unknown>): Record<string, unknown> {
  if (client.name.startsWith('python')) return fields;
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [camel(k), v]));
}

describe.each(TEST_ENGINES)('official clients against the server on %s', (engine) => {
  let t: TestApi;
  let baseUrl = '';
  let consoleToken = '';
  beforeAll(async () => {
    t = await startTestApi(engine);
    baseUrl = await t.api.listen({ port: 0, host: '127.0.0.1' });
    const { password } = await makeUsersStore(t.runtime.db).create({
      tenantId: t.tenant.tenant_id,
      email: 'analyst@clients.test',
      role: 'analyst',
      password: 'a long enough password',
      now: t.clock.now(),
    });
    const session = await t.api.inject({
      method: 'POST',
      url: '/api/console/v1/session',
      payload: { email: 'analyst@clients.test', password },
    });
    consoleToken = session.json<{ token: string }>().token;
  });
  afterAll(() => t.close());

  describe.each(OFFICIAL_CLIENTS)('$name', (client) => {
    let accessToken = '';
    let device: Record<string, string> = {};
    const installationId = `${client.name.replace(/\W/g, '-')}-phone`;

    beforeAll(async () => {
      const token = await send(baseUrl, client.token(t.tenant.client_id, t.tenant.client_secret));
      expect(token.status).toBe(200);
      const { access_token, token_type, expires_in } = token.json();
      expect([token_type, expires_in]).toEqual(['Bearer', '1200']);
      accessToken = String(access_token);
      const ingest = await t.ingest(installationId, {
        device: DEVICE,
        events: eventsAround(HOME, 40, t.clock.now(), 5),
      });
      device =
        client.identifiesBy === 'request_token'
          ? { request_token: String(ingest.json().request_token) }
          : { installation_id: installationId };
    });

    const post = (path: string, fields: Record<string, unknown>) =>
      send(baseUrl, client.call('POST', path, accessToken, body(client, { ...device, ...fields })));

    it('registers a signup and reads it back', async () => {
      const created = await post('/api/v2/onboarding/signups', {
        structured_address: {
          locale: 'pt-BR',
          country_name: 'Brasil',
          country_code: 'BR',
          state: 'SP',
          city: 'São Paulo',
          borough: '',
          neighborhood: 'Bela Vista',
          street: 'Av. Paulista',
          number: '1578',
          complements: null,
          postal_code: '01310-200',
        },
        address_coordinates: HOME,
      });
      expect(created.status).toBe(200);
      const signup = created.json();
      expect(signup.id).toMatch(UUID);
      expect(signup.request_id).toMatch(UUID);
      expect(signup.risk_assessment).toBe('low_risk');
      // Keys stay snake_case: the Node client camel-cases responses itself.
      expect(Object.keys(signup.evidence as object).every((k) => !/[A-Z]/.test(k))).toBe(true);
      const read = await send(
        baseUrl,
        client.call('GET', `/api/v2/onboarding/signups/${signup.id}`, accessToken),
      );
      expect(read.status).toBe(200);
      expect(read.json()).toEqual(signup);
    });

    it('registers a payment with every payment method it declares, and a newer one', async () => {
      const methods = [...client.paymentMethods, 'some_future_wallet'].map((type) => method(client, type));
      const reply = await post('/api/v2/authentication/transactions', {
        account_id: `${installationId}-account`,
        type: 'payment',
        external_id: `${installationId}-order-1`,
        payment_value: { amount: 5, currency: 'BRL' },
        payment_methods: methods,
        addresses: [{ type: 'shipping', address_coordinates: HOME }],
      });
      expect(reply.status).toBe(200);
      const payment = reply.json();
      expect(payment.id).toMatch(UUID);
      expect(payment).not.toHaveProperty('request_id');
      const read = await send(
        baseUrl,
        client.call('GET', `/api/v2/authentication/transactions/${payment.id}`, accessToken),
      );
      expect([read.status, read.json()]).toEqual([200, payment]);
      // Every method is stored as sent and shown with the payment in the console.
      const detail = await t.api.inject({
        method: 'GET',
        url: `/api/console/v1/payments/${payment.id}`,
        headers: { authorization: `Bearer ${consoleToken}` },
      });
      const shown = detail.json().payment.payment_methods as { type: string; summary: string }[];
      expect(shown.map((m) => m.type)).toEqual([...client.paymentMethods, 'some_future_wallet']);
      expect(shown.find((m) => m.type === 'credit_card')?.summary).toBe('•••• 1234');
      if (client.paymentMethods.includes('pix')) {
        expect(shown.find((m) => m.type === 'pix')?.summary).toBe(client.name === 'node 6.x' ? 'pix-id' : '');
      }
    });

    it(`registers a payment without evaluating it on eval=${client.evalFalse}`, async () => {
      const external = `${installationId}-unevaluated`;
      const reply = await send(
        baseUrl,
        client.call(
          'POST',
          `/api/v2/authentication/transactions?eval=${client.evalFalse}`,
          accessToken,
          body(client, {
            ...device,
            account_id: `${installationId}-account`,
            type: 'payment',
            external_id: external,
            payment_methods: [method(client, client.paymentMethods.at(-1) ?? 'credit_card')],
          }),
        ),
      );
      expect([reply.status, reply.json()]).toEqual([200, {}]);
      const stored = await t.runtime.db
        .selectFrom('transactions')
        .select(['id', 'evaluated', 'installation_id', 'payment_methods'])
        .where('external_id', '=', external)
        .executeTakeFirstOrThrow();
      expect([Number(stored.evaluated), stored.installation_id]).toEqual([0, installationId]);
      expect(JSON.parse(stored.payment_methods)[0].type).toBe(client.paymentMethods.at(-1));
      const read = await send(
        baseUrl,
        client.call('GET', `/api/v2/authentication/transactions/${stored.id}`, accessToken),
      );
      expect([read.status, read.json()]).toEqual([200, {}]);
    });

    it('registers a login', async () => {
      const reply = await post('/api/v2/authentication/transactions', {
        account_id: `${installationId}-account`,
        type: 'login',
        external_id: `${installationId}-login`,
        ...(client.name.endsWith('6.x') || client.name === 'python 3.x'
          ? {
              location: {
                latitude: HOME.lat,
                longitude: HOME.lng,
                collected_at: new Date(t.clock.now()).toISOString(),
              },
            }
          : {}),
      });
      expect(reply.status).toBe(200);
      // The account first appears with this login: at home that is not fraud, but not yet trust either.
      expect(['low_risk', 'unknown_risk']).toContain(reply.json().risk_assessment);
    });

    it('sends feedback with its own time fields, dry-run included, and its own event names', async () => {
      const fields = {
        ...device,
        account_id: `${installationId}-account`,
        ...client.feedbackTime(t.clock.now()),
      };
      const before = await t.runtime.db.selectFrom('feedbacks').select('id').execute();
      const dry = await send(
        baseUrl,
        client.call(
          'POST',
          '/api/v2/feedbacks?dry_run=true',
          accessToken,
          body(client, { ...fields, event: 'verified' }),
        ),
      );
      expect([dry.status, dry.json()]).toEqual([200, {}]);
      expect(await t.runtime.db.selectFrom('feedbacks').select('id').execute()).toHaveLength(before.length);
      for (const event of ['verified', client.ownFeedbackEvent]) {
        const reply = await post('/api/v2/feedbacks', { ...fields, event });
        expect([event, reply.status, reply.json()]).toEqual([event, 200, {}]);
      }
      const stored = await t.runtime.db
        .selectFrom('feedbacks')
        .select(['event', 'installation_id', 'occurred_at'])
        .where('account_id', '=', `${installationId}-account`)
        .execute();
      expect(stored.map((f) => f.event).sort()).toEqual(['verified', client.ownFeedbackEvent].sort());
      expect(stored.every((f) => f.installation_id === installationId)).toBe(true);
      expect(stored.every((f) => Number(f.occurred_at) === t.clock.now())).toBe(true);
    });
  });
});
