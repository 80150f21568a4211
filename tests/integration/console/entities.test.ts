// Entity view on both engines: a device page across its installations, an account page, search by id
// and by address text, and "other cases on this device / account / address" on a case.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../engines';
import { DEVICE, eventsAround, startTestApi, type TestApi } from '../test-api';
import { signInConsoleUsers, type ConsoleUsers } from './console-users';

const HOME = { lat: -23.5614, lng: -46.6559 };
const NEIGHBOUR = { lat: -23.5618, lng: -46.656 }; // ~45 m from HOME
const ELSEWHERE = { lat: -23.29, lng: -46.73 };

type Ref = { id: string; kind: string; review_outcome: string | null; client_feedback: string[] };

describe.each(TEST_ENGINES)('console entities on %s', (engine) => {
  let t: TestApi;
  let users: ConsoleUsers;
  const ids = { signupA: '', signupB: '', signupOther: '', payment: '' };

  const signup = async (installation: string, point: { lat: number; lng: number }, line: string) => {
    const reply = await t.request('POST', '/api/v2/onboarding/signups', {
      installation_id: installation,
      address_line: line,
      address_coordinates: point,
    });
    expect(reply.statusCode).toBe(200);
    return reply.json<{ id: string }>().id;
  };

  beforeAll(async () => {
    t = await startTestApi(engine);
    users = await signInConsoleUsers(t, `entities.${engine}.test`);
    const now = t.clock.now();
    // Two installations of one device (a reinstall), and an unrelated device elsewhere.
    await t.ingest('inst-1', {
      device_id: 'dev-42',
      device: DEVICE,
      events: eventsAround(HOME, 20, now),
    });
    await t.ingest('inst-2', {
      device_id: 'dev-42',
      device: DEVICE,
      events: eventsAround(HOME, 5, now, 1),
    });
    await t.ingest('inst-3', { device: DEVICE, events: eventsAround(ELSEWHERE, 10, now) });
    ids.signupA = await signup('inst-1', HOME, 'Avenida Paulista 1578, São Paulo');
    ids.signupB = await signup('inst-2', HOME, 'Avenida Paulista 1578, São Paulo');
    ids.signupOther = await signup('inst-3', NEIGHBOUR, 'Alameda Santos 2000, São Paulo');
    const payment = await t.request('POST', '/api/v2/authentication/transactions', {
      installation_id: 'inst-3',
      account_id: 'acct-7',
      type: 'payment',
      payment_value: { amount: 99, currency: 'BRL' },
      addresses: [
        { type: 'shipping', address_line: 'Rua Haddock Lobo 595, São Paulo', address_coordinates: HOME },
      ],
    });
    ids.payment = payment.json<{ id: string }>().id;
    await t.request('POST', '/api/v2/feedbacks', { event: 'chargeback', payment_id: ids.payment });
  });
  afterAll(() => t.close());

  it('shows a device across its installations by device id or by one installation id', async () => {
    for (const key of ['dev-42', 'inst-2']) {
      const reply = await users.call('GET', `/api/console/v1/devices/${key}`, 'analyst');
      expect(reply.statusCode).toBe(200);
      const device = reply.json<{
        device_id: string;
        installations: {
          installation_id: string;
          first_event_at: number;
          last_event_at: number;
          first_seen_at: number;
        }[];
        signups: Ref[];
        events_by_day: { events: number }[];
      }>();
      expect(device.device_id).toBe('dev-42');
      expect(device.installations.map((i) => i.installation_id).sort()).toEqual(['inst-1', 'inst-2']);
      expect(device.signups.map((s) => s.id).sort()).toEqual([ids.signupA, ids.signupB].sort());
      expect(device.events_by_day.reduce((n, d) => n + d.events, 0)).toBe(25);
      // The events span days before the server first received them: both spans are reported.
      const first = device.installations.find((i) => i.installation_id === 'inst-1')!;
      expect(first.first_event_at).toBeLessThan(first.first_seen_at - 2 * 86_400_000);
    }
    expect((await users.call('GET', '/api/console/v1/devices/nobody', 'analyst')).statusCode).toBe(404);
  });

  it('shows an account with its payments, installations and feedback', async () => {
    const account = (await users.call('GET', '/api/console/v1/accounts/acct-7', 'analyst')).json<{
      installations: { installation_id: string }[];
      payments: Ref[];
      feedbacks: { event: string; subject: string }[];
    }>();
    expect(account.installations.map((i) => i.installation_id)).toEqual(['inst-3']);
    expect(account.payments).toMatchObject([
      { id: ids.payment, kind: 'payment', client_feedback: ['chargeback'] },
    ]);
    expect(account.feedbacks).toMatchObject([{ event: 'chargeback', subject: `payment ${ids.payment}` }]);
  });

  it('finds cases by id prefix, account, installation and address text', async () => {
    const search = async (q: string) =>
      (await users.call('GET', `/api/console/v1/search?q=${encodeURIComponent(q)}`, 'analyst')).json<{
        items: { kind: string; id: string; matched: string }[];
      }>().items;
    expect(await search(ids.signupA.slice(0, 8))).toContainEqual(
      expect.objectContaining({ kind: 'signup', id: ids.signupA, matched: 'signup id' }),
    );
    expect(await search('acct-7')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'account', id: 'acct-7' }),
        expect.objectContaining({ kind: 'payment', id: ids.payment, matched: 'account' }),
      ]),
    );
    expect(await search('dev-42')).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'device' })]),
    );
    const byAddress = await search('paulista 1578');
    expect(
      byAddress
        .filter((h) => h.matched === 'address')
        .map((h) => h.id)
        .sort(),
    ).toEqual([ids.signupA, ids.signupB].sort());
    expect(await search('haddock LOBO')).toEqual([
      expect.objectContaining({ kind: 'payment', id: ids.payment, matched: 'address' }),
    ]);
    // A key of the stored JSON is not address text.
    expect((await search('shipping')).filter((h) => h.matched === 'address')).toEqual([]);
    expect(await search('100%_')).toEqual([]);
  });

  it('lists other cases on the device, the account and the address of a case', async () => {
    const detail = (await users.call('GET', `/api/console/v1/signups/${ids.signupA}`, 'analyst')).json<{
      related: { device: Ref[]; account: Ref[]; address: Ref[] };
    }>();
    expect(detail.related.device.map((r) => r.id)).toEqual([ids.signupB]);
    // Same building: the other device's signup 45 m away and the payment shipped to the address.
    expect(detail.related.address.map((r) => r.id).sort()).toEqual([ids.signupOther, ids.payment].sort());
    const payment = (await users.call('GET', `/api/console/v1/payments/${ids.payment}`, 'analyst')).json<{
      related: { device: Ref[]; address: Ref[] };
    }>();
    expect(payment.related.device.map((r) => r.id)).toEqual([ids.signupOther]);
    expect(payment.related.address.map((r) => r.id).sort()).toEqual([ids.signupA, ids.signupB].sort());
  });
});
