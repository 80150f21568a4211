import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSettingsRepo } from '../../../lib/db/repositories/settings-repo';
import { TEST_ENGINES } from '../engines';
import { DEVICE, eventsAround, startTestApi, type TestApi } from '../test-api';

describe.each(TEST_ENGINES)('tokens signed with the real key but without exp on %s', (engine) => {
  let t: TestApi;
  let key: Uint8Array;
  beforeAll(async () => {
    t = await startTestApi(engine);
    const stored = await makeSettingsRepo(t.runtime.db).getOrInit('jwt_signing_key', () => 'unused');
    key = new Uint8Array(Buffer.from(stored, 'base64'));
    await t.ingest('no-exp', { device: DEVICE, events: eventsAround({ lat: 1, lng: 1 }, 3, t.clock.now()) });
  });
  afterAll(() => t.close());

  const sign = (claims: Record<string, unknown>, subject?: string, exp?: number) => {
    let jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt();
    if (subject) jwt = jwt.setSubject(subject);
    if (exp) jwt = jwt.setExpirationTime(exp);
    return jwt.sign(key);
  };
  const accessClaims = () => ({ tid: t.tenant.tenant_id, scope: 'onboarding', typ: 'access' });

  it('refuses an access token without exp (401), accepts the same claims with one', async () => {
    const signup = (token: string) =>
      t.api.inject({
        method: 'POST',
        url: '/api/v2/onboarding/signups',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ installation_id: 'no-exp' }),
      });
    const forever = await sign(accessClaims(), t.tenant.client_id);
    expect((await signup(forever)).statusCode).toBe(401);
    const bounded = await sign(accessClaims(), t.tenant.client_id, Math.floor(t.clock.now() / 1000) + 60);
    expect((await signup(bounded)).statusCode).toBe(200);
  });

  it('treats a request token without exp like an unknown installation (404)', async () => {
    const requestToken = await sign({ tid: t.tenant.tenant_id, iid: 'no-exp', typ: 'request' });
    const reply = await t.request('POST', '/api/v2/onboarding/signups', { request_token: requestToken });
    expect(reply.statusCode).toBe(404);
  });
});
