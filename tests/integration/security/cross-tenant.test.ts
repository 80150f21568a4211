import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeGlobalDeviceRepo } from '../../../lib/db/global-signals/global-device-repo';
import { FEEDBACK_EVENTS } from '../../../lib/domain/feedback/feedback-events';
import { TEST_ENGINES } from '../engines';
import { tenantClient, type TenantClient } from '../lifecycle/subject-fixture';
import { DEVICE, startTestApi, type WorkerTestApi } from '../test-api';

const HOME = { lat: -23.5614, lng: -46.6559 };
const ELSEWHERE = { lat: -22.9068, lng: -43.1729 };
const DAY = 86_400_000;
const VICTIM_DEVICE = 'victim-device-0001';

type Verdict = { risk_assessment: string; reasons: { code: string; source: string }[] };

/** Six fixes a night (00:00–05:00 local) over the last `days` days: what a phone at home reports. */
function nights(now: number, days: number, at = HOME) {
  const midnightLocal = Math.floor(now / DAY) * DAY + 3 * 3_600_000; // UTC−3 from the longitude
  return Array.from({ length: days * 6 }, (_, i) => ({
    // Minutes off the hour, several accuracies, no repeated coordinates: what a phone sends (a metronome
    // at one accuracy is a script, and the engine says so).
    ts: midnightLocal - (Math.floor(i / 6) + 1) * DAY + (i % 6) * 3_600_000 + ((i * 7_919) % 97) * 17_000,
    lat: at.lat + (((i * 37) % 41) - 20) * 0.000004,
    lng: at.lng + (((i * 53) % 43) - 21) * 0.000004,
    accuracy_m: 8 + ((i * 5) % 13),
    source: i % 2 ? 'wifi' : 'gps',
  }));
}

describe.each(TEST_ENGINES)('cross-tenant signals on %s', (engine) => {
  let t: WorkerTestApi;
  let victim: TenantClient;
  let baseline: { signup: Verdict; payment: Verdict; storedSignup: Verdict };
  let victimSignupId: string;

  /** What tenant B's API answers about its device right now: a new signup, a new payment, the stored signup. */
  async function verdicts() {
    const signup = await victim.request('POST', '/api/v2/onboarding/signups', {
      installation_id: 'b-phone',
      address_coordinates: HOME,
    });
    const payment = await victim.request('POST', '/api/v2/authentication/transactions', {
      installation_id: 'b-phone',
      account_id: 'b-account',
      type: 'payment',
      addresses: [{ type: 'billing', address_coordinates: HOME }],
    });
    await t.worker.drain();
    const stored = await victim.request('GET', `/api/v2/onboarding/signups/${victimSignupId}`);
    for (const reply of [signup, payment, stored]) expect(reply.statusCode, reply.body).toBe(200);
    const pick = (r: LightMyRequestResponse): Verdict => {
      const { risk_assessment, reasons } = r.json<Verdict>();
      return { risk_assessment, reasons };
    };
    return { signup: pick(signup), payment: pick(payment), storedSignup: pick(stored) };
  }

  /**
   * Tenant `c` turns up the victim's device: with `present`, its installations report the very fixes B's
   * device reported (the worst case: the attacker knows where and when the victim's phone was).
   */
  async function claimDevice(c: TenantClient, ids: string[], present: boolean) {
    for (const [i, id] of ids.entries()) {
      const events = nights(t.clock.now(), 5, present ? HOME : ELSEWHERE);
      for (const account of [`${id}-acct-1`, `${id}-acct-2`, `${id}-acct-3`]) {
        const reply = await c.ingest({
          installation_id: id,
          device_id: VICTIM_DEVICE,
          account_id: account,
          device: DEVICE,
          events: i === 0 && account.endsWith('1') ? events : events.slice(0, 2),
        });
        expect(reply.statusCode, reply.body).toBe(202);
      }
    }
    return ids;
  }

  beforeAll(async () => {
    t = await startTestApi(engine, { worker: {} });
    victim = tenantClient(t, t.tenant);
    expect(
      (
        await victim.ingest({
          installation_id: 'b-phone',
          device_id: VICTIM_DEVICE,
          account_id: 'b-account',
          device: DEVICE,
          events: nights(t.clock.now(), 5),
        })
      ).statusCode,
    ).toBe(202);
    const first = await victim.request('POST', '/api/v2/onboarding/signups', {
      installation_id: 'b-phone',
      address_coordinates: HOME,
    });
    victimSignupId = first.json<{ id: string }>().id;
    baseline = await verdicts();
    expect(baseline.signup.risk_assessment).toBe('low_risk');
    expect(baseline.payment.risk_assessment).not.toBe('high_risk');
  });
  afterAll(() => t.close());

  it('one tenant, through every route it has, changes nothing about another tenant’s device', async () => {
    const attacker = tenantClient(t, await t.runtime.createTenant('attacker'));
    // SDK events claiming B's device_id, at B's home at the same hours, with many accounts; one
    // installation even takes the very installation id B uses.
    const fakes = await claimDevice(attacker, ['a-1', 'a-2', 'a-3', 'a-4', 'a-5', 'b-phone'], true);
    const targets: Record<string, string>[] = [];
    for (const [i, installation] of fakes.entries()) {
      const ingest = await attacker.ingest({ installation_id: installation, device_id: VICTIM_DEVICE });
      const requestToken = ingest.json<{ request_token: string }>().request_token;
      // Signups at addresses all over the country, payments from many accounts, through ids and request tokens.
      const signup = await attacker.request('POST', '/api/v2/onboarding/signups', {
        request_token: requestToken,
        address_line: `Rua ${i}, ${100 + i}, Cidade ${i}`,
        address_coordinates: { lat: HOME.lat + i, lng: HOME.lng - i },
      });
      expect(signup.statusCode, signup.body).toBe(200);
      const payment = await attacker.request('POST', '/api/v2/authentication/transactions', {
        installation_id: installation,
        account_id: `${installation}-payer`,
        type: 'payment',
        external_id: `ext-${i}`,
        payment_value: { amount: 999, currency: 'BRL' },
      });
      expect(payment.statusCode, payment.body).toBe(200);
      const login = await attacker.request('POST', '/api/v2/authentication/transactions', {
        request_token: requestToken,
        account_id: `${installation}-payer`,
        type: 'login',
      });
      expect(login.statusCode, login.body).toBe(200);
      targets.push(
        { installation_id: installation },
        { request_token: requestToken },
        { signup_id: signup.json<{ id: string }>().id },
        { payment_id: payment.json<{ id: string }>().id },
        { login_id: login.json<{ id: string }>().id },
        { account_id: `${installation}-payer` },
        { external_id: `ext-${i}` },
      );
    }
    // B's own ids, as far as A can know them, name nothing in A's tenant.
    targets.push({ signup_id: victimSignupId }, { account_id: 'b-account' });
    // Feedback of every kind about every target, dated in the future so that nothing ever decays.
    const future = t.clock.now() + 365 * DAY;
    for (const event of FEEDBACK_EVENTS.filter((e) => e !== 'reset')) {
      for (const target of targets) {
        const reply = await attacker.request('POST', '/api/v2/feedbacks', {
          event,
          timestamp: future,
          ...target,
        });
        // Stored (200) or refused for naming nothing of A's (400/404): either way, nothing of B's.
        expect([200, 400, 404], reply.body).toContain(reply.statusCode);
      }
    }
    await t.worker.drain();

    expect(await verdicts()).toEqual(baseline);
  });

  it('a tenant that only claims the device_id, never where the device is, is not the same device', async () => {
    const claimer = tenantClient(t, await t.runtime.createTenant('claimer'));
    const [installation] = await claimDevice(claimer, ['c-1', 'c-2'], false);
    expect(
      (
        await claimer.request('POST', '/api/v2/feedbacks', {
          event: 'identity_fraud',
          installation_id: installation,
        })
      ).statusCode,
    ).toBe(200);
    // With the attacker above that makes two tenants claiming the device, but only one the service saw there.
    expect(await verdicts()).toEqual(baseline);
  });

  it('two tenants that saw the device where B sees it corroborate: high_risk, with source global in the reasons', async () => {
    for (const name of ['first witness', 'second witness']) {
      const witness = tenantClient(t, await t.runtime.createTenant(name));
      const [installation] = await claimDevice(witness, [`${name}-phone`], true);
      const fraud = await witness.request('POST', '/api/v2/feedbacks', {
        event: 'identity_fraud',
        installation_id: installation,
      });
      expect(fraud.statusCode).toBe(200);
    }

    const now = await verdicts();
    for (const verdict of [now.signup, now.payment]) {
      expect(verdict.risk_assessment).toBe('high_risk');
      expect(verdict.reasons).toContainEqual({ code: 'device_reputation', source: 'global' });
      expect(verdict.reasons.every((r) => r.source === 'global')).toBe(true);
    }
  });

  it('the operator switches global signals off for a tenant, and back on', async () => {
    const repo = makeGlobalDeviceRepo(t.runtime.db);
    await repo.setParticipation(t.tenant.tenant_id, false, t.clock.now());
    expect(await verdicts()).toEqual(baseline);
    await repo.setParticipation(t.tenant.tenant_id, true, t.clock.now());
    expect((await verdicts()).signup.reasons).toContainEqual({ code: 'device_reputation', source: 'global' });
  });

  it('the tenant’s own trust outranks other tenants’ fraud reports', async () => {
    const trust = await victim.request('POST', '/api/v2/feedbacks', {
      event: 'device_allowed',
      installation_id: 'b-phone',
    });
    expect(trust.statusCode).toBe(200);
    const now = await verdicts();
    expect(now.signup.reasons).not.toContainEqual({ code: 'device_reputation', source: 'global' });
    expect(now.payment.reasons).not.toContainEqual({ code: 'device_reputation', source: 'global' });
  });
});
