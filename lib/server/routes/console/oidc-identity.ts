import { createRemoteJWKSet, jwtVerify } from 'jose';

/** OIDC sign-in is configured on the API by the same env as on the console. */
export function oidcSettings(env: Record<string, string | undefined>) {
  const issuer = env.AUTH_OIDC_ISSUER;
  const clientId = env.AUTH_OIDC_CLIENT_ID;
  return issuer && clientId ? { issuer: issuer.replace(/\/+$/, ''), clientId } : null;
}

let jwks: { issuer: string; set: ReturnType<typeof createRemoteJWKSet> } | null = null;

/**
 * The verified email of an identity provider's ID token (signature from the issuer's JWKS, issuer,
 * audience = our client id, expiry), or null. The console forwards the token; only the API trusts it.
 */
export async function verifiedOidcEmail(
  idToken: string,
  settings: { issuer: string; clientId: string },
): Promise<string | null> {
  if (jwks?.issuer !== settings.issuer) {
    const discovery = (await (await fetch(`${settings.issuer}/.well-known/openid-configuration`)).json()) as {
      jwks_uri?: string;
    };
    if (!discovery.jwks_uri) return null;
    jwks = { issuer: settings.issuer, set: createRemoteJWKSet(new URL(discovery.jwks_uri)) };
  }
  try {
    const { payload } = await jwtVerify(idToken, jwks.set, {
      issuer: [settings.issuer, `${settings.issuer}/`],
      audience: settings.clientId,
    });
    if (typeof payload.email !== 'string' || payload.email_verified === false) return null;
    return payload.email;
  } catch {
    return null;
  }
}
