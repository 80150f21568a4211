/**
 * next-auth v5 for the console. Credentials sign-in asks the risk API to verify the password
 * (POST /api/console/v1/session); optional OIDC sign-in forwards the provider's ID token to the API,
 * which maps it to an existing user by email. Either way the API's short-lived user token is kept
 * only inside the encrypted session cookie (see readConsoleSession); the browser never sees it.
 */
import NextAuth, { CredentialsSignin, type NextAuthConfig } from 'next-auth';
import type { Provider } from 'next-auth/providers';
import Credentials from 'next-auth/providers/credentials';
import { createOidcSession, createPasswordSession } from './client';
import { oidcConfig } from './config';
import { ConsoleApiError } from './console-api-error';
import { oidcFailure, type OidcFailure } from './sign-in-errors';
import type { Session } from '../contracts/console/index';

/** The API token lives at most this long; the cookie is not kept beyond it. */
const SESSION_MAX_AGE_S = 60 * 60;

class InvalidCredentials extends CredentialsSignin {
  override code = 'invalid_credentials';
}

/** Fields copied from the API session into the (encrypted) next-auth JWT. */
export interface ConsoleJwtFields {
  apiToken: string;
  apiTokenExpiresAt: number;
  userId: string;
  email: string;
  role: string;
  tenantId: string;
  tenantName: string;
}

function jwtFields(session: Session): ConsoleJwtFields {
  return {
    apiToken: session.token,
    apiTokenExpiresAt: session.expires_at,
    userId: session.user.id,
    email: session.user.email,
    role: session.user.role,
    tenantId: session.user.tenant_id,
    tenantName: session.user.tenant_name,
  };
}

function providers(): Provider[] {
  const list: Provider[] = [
    Credentials({
      credentials: { email: { type: 'email' }, password: { type: 'password' } },
      async authorize(credentials) {
        const email = typeof credentials.email === 'string' ? credentials.email : '';
        const password = typeof credentials.password === 'string' ? credentials.password : '';
        if (!email || !password) throw new InvalidCredentials();
        try {
          const session = await createPasswordSession(email, password);
          return { id: session.user.id, name: session.user.email, ...jwtFields(session) };
        } catch (error) {
          if (
            error instanceof ConsoleApiError &&
            (error.code === 'unauthenticated' || error.code === 'invalid')
          ) {
            throw new InvalidCredentials();
          }
          throw error;
        }
      },
    }),
  ];
  const oidc = oidcConfig();
  if (oidc) {
    list.push({
      id: 'oidc',
      name: 'Single sign-on',
      type: 'oidc',
      issuer: oidc.issuer,
      clientId: oidc.clientId,
      clientSecret: oidc.clientSecret,
    });
  }
  return list;
}

const config = (): NextAuthConfig => ({
  providers: providers(),
  trustHost: true,
  session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_S },
  pages: { signIn: '/sign-in', error: '/sign-in' },
  callbacks: {
    // OIDC: the API verifies the provider's ID token and maps it to a console user; when it refuses,
    // the person lands on the sign-in page with the reason (not next-auth's generic error).
    async signIn({ user, account, profile }) {
      if (account?.provider !== 'oidc') return true;
      const refused = (why: OidcFailure) =>
        `/sign-in?${new URLSearchParams({ error: why, ...(profile?.email ? { email: profile.email } : {}) })}`;
      if (!account.id_token) return refused('oidc_token_refused');
      try {
        // The jwt callback below receives this same user object and keeps the API session from it.
        Object.assign(user, jwtFields(await createOidcSession(account.id_token)));
        return true;
      } catch (error) {
        return refused(oidcFailure(error));
      }
    },
    async jwt({ token, user }) {
      if (user && 'apiToken' in user) {
        const fields = user as unknown as ConsoleJwtFields;
        return { ...token, ...pickJwtFields(fields) };
      }
      return token;
    },
    // What /api/auth/session shows the browser: who is signed in, never the API token.
    async session({ session, token }) {
      return {
        ...session,
        user: { ...session.user, email: String(token.email ?? ''), name: String(token.email ?? '') },
      };
    },
  },
});

function pickJwtFields(fields: ConsoleJwtFields): ConsoleJwtFields {
  const { apiToken, apiTokenExpiresAt, userId, email, role, tenantId, tenantName } = fields;
  return { apiToken, apiTokenExpiresAt, userId, email, role, tenantId, tenantName };
}

export const { handlers, signIn, signOut } = NextAuth(config);
export { SESSION_MAX_AGE_S };
