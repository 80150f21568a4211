import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../engines';
import { basic, DEVICE, eventsAround, startTestApi, type TestApi } from '../test-api';

const HOME = { lat: 40.7484, lng: -73.9857 };
const PATH = '/api/v2/authentication/transactions';

describe.each(TEST_ENGINES)('transactions on %s', (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(engine);
    // The account has used this phone for days before it pays: a payment seconds after an account first
    // appears is a reason for doubt, not a trusted-place payment.
    for (let batch = 0; batch < 2; batch += 1) {
      await t.ingest('phone', {
        device: DEVICE,
        account_id: 'acc-1',
        events: eventsAround(HOME, 30, t.clock.now(), 3),
      });
      if (batch === 0) t.clock.advance(3 * 86_400_000);
    }
  });
  afterAll(() => t.close());

  it('registers without evaluating on eval=false (any case), stores it, and counts it in the sums', async () => {
    for (const flag of ['false', 'False']) {
      const reply = await t.request('POST', `${PATH}?eval=${flag}`, {
        installation_id: 'phone',
        account_id: 'acc-1',
        type: 'payment',
        payment_value: { amount: 100, currency: 'USD' },
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({});
    }
    const rows = await t.runtime.db.selectFrom('transactions').select(['id', 'evaluated']).execute();
    expect(rows.filter((r) => r.evaluated === 0)).toHaveLength(2);
    const stored = await t.request('GET', `${PATH}/${rows[0]?.id}`);
    expect(stored.statusCode).toBe(200);

    const evaluated = await t.request('POST', PATH, {
      installation_id: 'phone',
      account_id: 'acc-1',
      type: 'payment',
      payment_value: { amount: 25.5, currency: 'usd' },
    });
    expect(evaluated.json().evidence.device_transaction_sum).toEqual([{ amount: 225.5, currency: 'USD' }]);
  });

  it('assesses a payment at a trusted place as low risk with payment evidence', async () => {
    const reply = await t.request('POST', PATH, {
      installation_id: 'phone',
      account_id: 'acc-1',
      type: 'payment',
      external_id: 'order-1',
      addresses: [{ type: 'shipping', address_coordinates: HOME, structured_address: null }],
      payment_methods: [
        {
          type: 'credit_card',
          credit_card_info: {
            bin: '411111',
            last_four_digits: '1111',
            expiry_year: '2030',
            expiry_month: '01',
          },
        },
      ],
    });
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body).not.toHaveProperty('request_id');
    expect(body.risk_assessment).toBe('low_risk');
    expect(body.evidence.known_account).toBe(true);
    expect(body.evidence.distance_to_trusted_location).toBeLessThan(200);
    expect(body.evidence.sensor_match_type).toBe('gps');
    expect(body.evidence.addresses[0].location_events_near_address).toBeGreaterThan(50);
    const again = await t.request('GET', `${PATH}/${body.id}`);
    expect(again.json()).toEqual(body);
  });

  it('assesses logins with the same machinery', async () => {
    const reply = await t.request('POST', PATH, {
      installation_id: 'phone',
      account_id: 'acc-1',
      type: 'login',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().risk_assessment).toBe('low_risk');
  });

  it('lists every problem of a malformed request in errors[] and stores nothing', async () => {
    const before = await t.runtime.db.selectFrom('transactions').select('id').execute();
    const reply = await t.request('POST', PATH, {
      installation_id: 'phone',
      type: 'refund',
      payment_value: { amount: -1, currency: 'dollars' },
    });
    expect(reply.statusCode).toBe(400);
    const { errors } = reply.json();
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^account_id/),
        expect.stringMatching(/^type/),
        expect.stringMatching(/^payment_value\.amount/),
        expect.stringMatching(/^payment_value\.currency/),
      ]),
    );
    // The suite's clock has moved past the first token's life: a client would fetch a new one.
    const token = await t.api.inject({
      method: 'POST',
      url: '/api/v2/token',
      headers: { authorization: basic(t.tenant.client_id, t.tenant.client_secret) },
    });
    const malformed = await t.api.inject({
      method: 'POST',
      url: PATH,
      headers: {
        authorization: `Bearer ${token.json<{ access_token: string }>().access_token}`,
        'content-type': 'application/json',
      },
      payload: '{"account_id":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toHaveLength(1);
    expect(await t.runtime.db.selectFrom('transactions').select('id').execute()).toHaveLength(before.length);
  });

  it('answers a text 404 for an unknown transaction id', async () => {
    const reply = await t.request('GET', `${PATH}/00000000-0000-4000-8000-000000000000`);
    expect(reply.statusCode).toBe(404);
    expect(reply.headers['content-type']).toMatch(/^text\/plain/);
  });
});
