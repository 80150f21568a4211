import http from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './free-port';

export interface OidcIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

/**
 * A real OpenID provider (panva's oidc-provider, certified) on a free local port, with one confidential
 * client whose redirect is the console's next-auth callback. Its built-in login page signs in any login
 * name; the account's e-mail is that name, verified — so the test chooses who signs in. Consent is
 * granted without a prompt, as a company's own SSO does for its own apps.
 */
export async function startOidcIssuer(consoleUrl: string): Promise<OidcIssuer> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'locus-console';
  const clientSecret = 'e2e-oidc-client-secret-0123456789abcdef';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${consoleUrl}/api/auth/callback/oidc`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // The e-mail travels in the ID token itself: the API maps the ID token to a console user.
    conformIdTokenClaims: false,
    async findAccount(_ctx, id) {
      return { accountId: id, claims: () => ({ sub: id, email: id, email_verified: true }) };
    },
    async loadExistingGrant(ctx) {
      const client = ctx.oidc.client;
      const accountId = ctx.oidc.session?.accountId;
      if (!client || !accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(['email', 'email_verified']);
      await grant.save();
      return grant;
    },
    features: { devInteractions: { enabled: true } },
  });
  const server = http.createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
