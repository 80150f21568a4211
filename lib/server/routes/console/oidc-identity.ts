import { createRemoteJWKSet, jwtVerify } from 'jose';

/** The API's side of OIDC sign-in: which issuer it trusts, for which client id. */
export interface OidcSettings {
  issuer: string;
  clientId: string;
}

/** OIDC sign-in is configured on the API by the same env as on the console. */
export function oidcSettings(env: Record<string, string | undefined>): OidcSettings | null {
  const issuer = env.AUTH_OIDC_ISSUER;
  const clientId = env.AUTH_OIDC_CLIENT_ID;
  return issuer && clientId ? { issuer: issuer.replace(/\/+$/, ''), clientId } : null;
}

/** How long the API waits for the identity provider's discovery document. */
const DISCOVERY_TIMEOUT_MS = 5_000;

interface Discovery {
  issuer?: unknown;
  jwks_uri?: unknown;
}

/** The issuer's discovery document, or why it cannot be used, in words an admin can act on. */
async function discover(
  settings: OidcSettings,
): Promise<{ ok: true; jwksUri: string } | { ok: false; problem: string }> {
  const url = `${settings.issuer}/.well-known/openid-configuration`;
  let body: Discovery;
  try {
    const reply = await fetch(url, { signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) });
    if (!reply.ok) return { ok: false, problem: `${url} answered HTTP ${reply.status}` };
    body = (await reply.json()) as Discovery;
  } catch (error) {
    const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause : error) : null;
    return { ok: false, problem: `the API cannot fetch ${url}: ${cause?.message ?? String(error)}` };
  }
  const named = typeof body.issuer === 'string' ? body.issuer.replace(/\/+$/, '') : null;
  if (named !== settings.issuer)
    return {
      ok: false,
      problem: `${url} names the issuer ${String(body.issuer)}, but AUTH_OIDC_ISSUER is ${settings.issuer}`,
    };
  if (typeof body.jwks_uri !== 'string')
    return { ok: false, problem: `${url} has no jwks_uri, so ID tokens cannot be verified` };
  return { ok: true, jwksUri: body.jwks_uri };
}

/** What an admin sees about single sign-on: null when the API can use the issuer, else the problem. */
export async function oidcIssuerProblem(settings: OidcSettings): Promise<string | null> {
  const found = await discover(settings);
  return found.ok ? null : found.problem;
}

let jwks: { issuer: string; set: ReturnType<typeof createRemoteJWKSet> } | null = null;

/**
 * The verified email of an identity provider's ID token (signature from the issuer's JWKS, issuer,
 * audience = our client id, expiry), or null. The console forwards the token; only the API trusts it.
 */
export async function verifiedOidcEmail(idToken: string, settings: OidcSettings): Promise<string | null> {
  if (jwks?.issuer !== settings.issuer) {
    const found = await discover(settings);
    if (!found.ok) return null;
    jwks = { issuer: settings.issuer, set: createRemoteJWKSet(new URL(found.jwksUri)) };
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
