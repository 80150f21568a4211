// One end user's data in a tenant, written through the real API: SDK events, a signup with a declared
// address, a pending webhook, a payment with an address and a card, feedback, an analyst's decision
// with a free-text comment. Erasure and export tests seed it in two tenants with the same ids.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { makeUsersStore } from '../../../lib/db/console/users-store';
import type { CreatedTenant } from '../../../lib/usecases/create-tenant';
import { basic, DEVICE, eventsAround, type TestApi } from '../test-api';

/** Ids and personal values no other row of the suite contains, so that a scan finds only these. */
export const SUBJECT = {
  installationId: 'inst-zq7-erase',
  accountId: 'acct-zq7-erase',
  deviceId: 'dev-zq7-erase',
  home: { lat: -23.571234, lng: -46.641234 },
  street: 'Rua Zzyzx Erasmo',
  addressLine: 'Rua Zzyzx Erasmo, 4321, Vila Mariana, São Paulo',
  comment: 'called the customer at Rua Zzyzx Erasmo',
} as const;

/** The same tenant's other end user, which an erasure must leave alone. */
export const BYSTANDER = {
  installationId: 'inst-bystander',
  accountId: 'acct-bystander',
  home: { lat: -22.906847, lng: -43.172897 },
} as const;

export interface SeededSubject {
  signupId: string;
  paymentId: string;
}

/** A tenant's API, by its credentials, over the test's in-process app. */
export function tenantClient(t: TestApi, tenant: CreatedTenant) {
  let token: string | null = null;
  const bearer = async () => {
    token ??= (
      await t.api.inject({
        method: 'POST',
        url: '/api/v2/token',
        headers: { authorization: basic(tenant.client_id, tenant.client_secret) },
      })
    ).json<{ access_token: string }>().access_token;
    return token;
  };
  return {
    tenant,
    request: async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
      t.api.inject({
        method,
        url,
        headers: {
          authorization: `Bearer ${await bearer()}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      }),
    ingest: (body: Record<string, unknown>) =>
      t.api.inject({
        method: 'POST',
        url: '/api/v2/sdk/events',
        headers: { 'x-app-key': tenant.app_key, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      }),
  };
}
export type TenantClient = ReturnType<typeof tenantClient>;

function ok(reply: LightMyRequestResponse, status = 200): LightMyRequestResponse {
  expect(reply.statusCode, reply.body).toBe(status);
  return reply;
}

/**
 * Seeds the subject and the bystander in the tenant. `drain` runs the worker (reassessment, then a
 * webhook delivery that fails against a closed port and stays pending for its retry).
 */
export async function seedSubject(
  t: TestApi,
  c: TenantClient,
  drain: () => Promise<unknown>,
): Promise<SeededSubject> {
  const now = t.clock.now();
  ok(
    await c.request('PUT', '/api/v2/admin/webhook', {
      url: 'http://127.0.0.1:9/closed',
      event_types: ['verification', 'risk_increase', 'risk_decrease'],
    }),
  );
  const identity = { installation_id: SUBJECT.installationId, device_id: SUBJECT.deviceId };
  ok(await c.ingest({ ...identity, account_id: SUBJECT.accountId, device: DEVICE, events: [] }), 202);
  const signup = ok(
    await c.request('POST', '/api/v2/onboarding/signups', {
      installation_id: SUBJECT.installationId,
      address_line: SUBJECT.addressLine,
      address_coordinates: SUBJECT.home,
    }),
  ).json<{ id: string }>();
  ok(await c.ingest({ ...identity, events: eventsAround(SUBJECT.home, 300, now, 12) }), 202);
  ok(
    await c.ingest({
      installation_id: BYSTANDER.installationId,
      account_id: BYSTANDER.accountId,
      device: DEVICE,
      events: eventsAround(BYSTANDER.home, 100, now, 12),
    }),
    202,
  );
  t.clock.advance(10_000);
  await drain();
  const payment = ok(
    await c.request('POST', '/api/v2/authentication/transactions', {
      installation_id: SUBJECT.installationId,
      account_id: SUBJECT.accountId,
      type: 'payment',
      external_id: 'order-1',
      payment_value: { amount: 120.5, currency: 'BRL' },
      addresses: [
        {
          type: 'shipping',
          structured_address: {
            street: SUBJECT.street,
            number: '4321',
            city: 'São Paulo',
            country_code: 'BR',
          },
          address_coordinates: SUBJECT.home,
        },
      ],
      payment_methods: [
        {
          type: 'credit_card',
          credit_card_info: {
            bin: '411111',
            last_four_digits: '4242',
            expiry_year: '2030',
            expiry_month: '12',
          },
        },
      ],
    }),
  ).json<{ id: string }>();
  ok(
    await c.request('POST', '/api/v2/authentication/transactions', {
      installation_id: BYSTANDER.installationId,
      account_id: BYSTANDER.accountId,
      type: 'login',
    }),
  );
  ok(await c.request('POST', '/api/v2/feedbacks', { event: 'chargeback', payment_id: payment.id }));
  ok(
    await c.request('POST', '/api/v2/feedbacks', {
      event: 'verified',
      installation_id: SUBJECT.installationId,
      account_id: SUBJECT.accountId,
    }),
  );
  await decideAsAnalyst(t, c.tenant, payment.id);
  return { signupId: signup.id, paymentId: payment.id };
}

/** An analyst saves a search for the installation, and declines the payment with a comment naming the street. */
async function decideAsAnalyst(t: TestApi, tenant: CreatedTenant, paymentId: string): Promise<void> {
  const email = `analyst-${tenant.tenant_id}@lifecycle.test`;
  const { password } = await makeUsersStore(t.runtime.db).create({
    tenantId: tenant.tenant_id,
    email,
    role: 'analyst',
    password: 'a long enough password',
    now: t.clock.now(),
  });
  const session = ok(
    await t.api.inject({ method: 'POST', url: '/api/console/v1/session', payload: { email, password } }),
  ).json<{ token: string }>();
  // One search by the id, one that names the installation only in the filter's name.
  for (const filter of [
    { kind: 'signups', name: 'look-up', query: { q: SUBJECT.installationId } },
    { kind: 'payments', name: `watch ${SUBJECT.installationId}`, query: { risk: 'high_risk' } },
  ]) {
    ok(
      await t.api.inject({
        method: 'POST',
        url: '/api/console/v1/saved-filters',
        headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(filter),
      }),
    );
  }
  ok(
    await t.api.inject({
      method: 'POST',
      url: `/api/console/v1/payments/${paymentId}/decision`,
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        verdict: 'decline',
        event: 'payment_declined_by_manual_review',
        comment: SUBJECT.comment,
      }),
    }),
  );
}
