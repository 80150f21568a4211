// What an admin is told about single sign-on (GET /api/console/v1/sso), on both engines: nothing set up,
// or an issuer the API cannot use, named with the address it tried and why; an ID token it cannot verify
// is refused with the issuer named, not a generic error. The working case is the OIDC e2e journey
// (tests/e2e/oidc-sign-in.test.ts, a real provider).
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../engines';
import { startTestApi, type TestApi } from '../test-api';
import { signInConsoleUsers, type ConsoleUsers } from './console-users';

type Sso = { configured: boolean; issuer: string | null; client_id: string | null; problem: string | null };

describe.each(TEST_ENGINES)('single sign-on status on %s', (engine) => {
  let plain: TestApi;
  let plainUsers: ConsoleUsers;
  let broken: TestApi;
  let brokenUsers: ConsoleUsers;
  // An "issuer" that answers every request with a page that is not a discovery document.
  const notAnIssuer = http.createServer((_req, res) => res.writeHead(404).end('no such thing'));
  let issuer = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => notAnIssuer.listen(0, '127.0.0.1', resolve));
    const address = notAnIssuer.address();
    issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    plain = await startTestApi(engine);
    plainUsers = await signInConsoleUsers(plain, `sso-plain.${engine}.test`);
    broken = await startTestApi(engine, {
      env: { AUTH_OIDC_ISSUER: `${issuer}/`, AUTH_OIDC_CLIENT_ID: 'locus-console' },
    });
    brokenUsers = await signInConsoleUsers(broken, `sso-broken.${engine}.test`);
  });
  afterAll(async () => {
    await plain?.close();
    await broken?.close();
    await new Promise((resolve) => notAnIssuer.close(resolve));
  });

  it('says single sign-on is not set up, to admins only', async () => {
    expect((await plainUsers.call('GET', '/api/console/v1/sso', 'manager')).statusCode).toBe(403);
    const reply = await plainUsers.call('GET', '/api/console/v1/sso', 'admin');
    expect(reply.json<Sso>()).toEqual({ configured: false, issuer: null, client_id: null, problem: null });
    const oidc = await plain.api.inject({
      method: 'POST',
      url: '/api/console/v1/session/oidc',
      payload: { id_token: 'x'.repeat(40) },
    });
    expect(oidc.statusCode).toBe(404);
  });

  it('names the discovery address it tried and what it got when the issuer cannot be used', async () => {
    const reply = await brokenUsers.call('GET', '/api/console/v1/sso', 'admin');
    expect(reply.json<Sso>()).toEqual({
      configured: true,
      issuer,
      client_id: 'locus-console',
      problem: `${issuer}/.well-known/openid-configuration answered HTTP 404`,
    });
    const oidc = await broken.api.inject({
      method: 'POST',
      url: '/api/console/v1/session/oidc',
      payload: { id_token: 'x'.repeat(40) },
    });
    expect(oidc.statusCode).toBe(401);
    expect(oidc.json<{ errors: string[] }>().errors).toEqual([
      `the ID token was not verified against ${issuer}`,
    ]);
  });
});
