import * as crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FAILED_ATTEMPT_LIMITS } from '../../../lib/auth/failed-attempts';
import { makeUsersStore } from '../../../lib/db/console/users-store';
import { TEST_ENGINES } from '../engines';
import { basic, startTestApi, type TestApi } from '../test-api';

/** Every scrypt the code runs, by its cost: key length and the N, r, p it was given. */
const scryptCalls = vi.hoisted(() => [] as string[]);
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  const scrypt = (...args: Parameters<typeof real.scrypt>) => {
    const [, , keyLength, options] = args;
    const { N, r, p } = typeof options === 'object' ? options : { N: 0, r: 0, p: 0 };
    scryptCalls.push(`keylen=${keyLength} N=${N} r=${r} p=${p}`);
    return (real.scrypt as (...a: unknown[]) => void)(...args);
  };
  return { ...real, scrypt, default: { ...real, scrypt } };
});

/** Failures allowed per minute in this suite (LOCUS_AUTH_FAILURES_PER_*; the default is 30). */
const LIMIT = 5;

/**
 * The key derivations one failing attempt ran. Timing is not measured (a shared machine makes it
 * noise): what an attacker could time is the scrypt work, and that must be the same for an id that
 * exists and one that does not.
 */
async function keyWork(attempt: () => Promise<{ statusCode: number }>, expectedStatus: number) {
  scryptCalls.length = 0;
  const reply = await attempt();
  expect(reply.statusCode).toBe(expectedStatus);
  return [...scryptCalls];
}
const randomId = () => crypto.randomBytes(12).toString('hex');

describe.each(TEST_ENGINES)('token route credentials on %s', (engine) => {
  let t: TestApi;
  let address = 0;
  /** A fresh source address each call, unless one is given (light-my-request sets the socket's address). */
  const from = (source?: string) =>
    source ?? `10.9.${Math.floor(address / 250) % 250}.${(address++ % 250) + 1}`;
  const fetchToken = (clientId: string, secret: string, source?: string) =>
    t.api.inject({
      method: 'POST',
      url: '/api/v2/token',
      headers: { authorization: basic(clientId, secret) },
      remoteAddress: from(source),
    });

  beforeAll(async () => {
    t = await startTestApi(engine, {
      env: { LOCUS_AUTH_FAILURES_PER_SOURCE: String(LIMIT), LOCUS_AUTH_FAILURES_PER_CLIENT: String(LIMIT) },
    });
  });
  afterAll(() => t.close());

  it('a known client id with a wrong secret and an unknown client id cost the same key derivation', async () => {
    const known = await keyWork(() => fetchToken(t.tenant.client_id, randomId()), 401);
    const unknown = await keyWork(() => fetchToken(randomId(), randomId()), 401);
    expect(known).toEqual(['keylen=32 N=16384 r=8 p=1']);
    expect(unknown).toEqual(known);
  });

  it('console sign-in: a known e-mail with a wrong password and an unknown e-mail cost the same key derivation', async () => {
    const email = 'timing@console.example';
    await makeUsersStore(t.runtime.db).create({
      tenantId: t.tenant.tenant_id,
      email,
      role: 'analyst',
      password: 'a long enough password',
      now: t.clock.now(),
    });
    const signIn = (address: string) =>
      t.api.inject({
        method: 'POST',
        url: '/api/console/v1/session',
        payload: { email: address, password: randomId() },
      });
    const known = await keyWork(() => signIn(email), 401);
    const unknown = await keyWork(() => signIn(`${randomId()}@console.example`), 401);
    expect(known).toEqual(['keylen=32 N=16384 r=8 p=1']);
    expect(unknown).toEqual(known);
  });

  it('throttles an address by its failures (429, Retry-After), the same for known and unknown ids', async () => {
    t.clock.advance(DEFAULT_FAILED_ATTEMPT_LIMITS.windowMs); // the earlier tests' failures are forgotten
    const attacker = '192.0.2.10';
    for (let i = 0; i < LIMIT; i++) {
      const reply = await fetchToken(i % 2 ? t.tenant.client_id : randomId(), 'guess', attacker);
      expect(reply.statusCode).toBe(401);
    }
    for (const clientId of [t.tenant.client_id, randomId()]) {
      const reply = await fetchToken(clientId, 'guess', attacker);
      expect(reply.statusCode).toBe(429);
      expect(reply.headers['retry-after']).toBe('60');
      expect(reply.json().errors).toEqual(['too many failed attempts, retry later']);
    }
    t.clock.advance(DEFAULT_FAILED_ATTEMPT_LIMITS.windowMs);
    expect((await fetchToken(t.tenant.client_id, 'guess', attacker)).statusCode).toBe(401);
  });

  it('never fails a good client: its own address is clean, and a secret it used before passes everywhere', async () => {
    t.clock.advance(DEFAULT_FAILED_ATTEMPT_LIMITS.windowMs);
    const client = await t.runtime.createTenant('good client');
    const clientAddress = '198.51.100.20';
    // A distributed attack on the client id: many addresses, one failure each, the id far over its limit.
    for (let i = 0; i < LIMIT * 2; i++) {
      expect((await fetchToken(client.client_id, 'guess')).statusCode).toBe(401);
    }
    const attacker = `10.9.${Math.floor((address - 1) / 250) % 250}.${((address - 1) % 250) + 1}`;
    expect((await fetchToken(client.client_id, 'guess', attacker)).statusCode).toBe(429);
    // The good client, from its clean address, gets its token.
    const good = await fetchToken(client.client_id, client.client_secret, clientAddress);
    expect(good.statusCode).toBe(200);
    expect(good.json().expires_in).toBe('1200');
    // Even from the throttled attacker's address (a shared NAT): its secret was seen valid before.
    expect((await fetchToken(client.client_id, client.client_secret, attacker)).statusCode).toBe(200);
  });
});
