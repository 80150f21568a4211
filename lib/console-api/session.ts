/**
 * Reads the signed-in console user from the encrypted next-auth cookie, including the API user token
 * that next-auth's own session endpoint never reveals to the browser.
 */
import { getToken } from 'next-auth/jwt';
import { headers } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';
import { RoleSchema, roleAtLeast, type Role } from '../contracts/console/index';
import { consoleApi, type ConsoleApi } from './client';

export interface ConsoleUser {
  id: string;
  email: string;
  role: Role;
  tenantId: string;
  tenantName: string;
}

export interface ConsoleSession {
  user: ConsoleUser;
  token: string;
  expiresAt: number;
}

export async function readConsoleSession(): Promise<ConsoleSession | null> {
  // Reading the request first also keeps every page that calls this dynamic (never prerendered).
  // Only the cookie counts: getToken would also accept an Authorization header.
  const cookie = (await headers()).get('cookie') ?? '';
  const secret = process.env.AUTH_SECRET;
  if (!cookie || !secret) return null;
  for (const secureCookie of [true, false]) {
    const jwt = await getToken({ req: { headers: { cookie } }, secret, secureCookie });
    if (!jwt) continue;
    const role = RoleSchema.safeParse(jwt.role);
    const token = typeof jwt.apiToken === 'string' ? jwt.apiToken : null;
    const expiresAt = typeof jwt.apiTokenExpiresAt === 'number' ? jwt.apiTokenExpiresAt : 0;
    if (!role.success || !token || expiresAt <= Date.now()) return null;
    return {
      token,
      expiresAt,
      user: {
        id: String(jwt.userId),
        email: String(jwt.email),
        role: role.data,
        tenantId: String(jwt.tenantId),
        tenantName: String(jwt.tenantName),
      },
    };
  }
  return null;
}

/**
 * The gate of every page: no session → sign-in, a role below `minRole` → 403 page.
 * Returns the user and an API client bound to the user's token.
 */
export async function requireConsoleUser(
  minRole: Role,
  returnTo?: string,
): Promise<{ user: ConsoleUser; api: ConsoleApi }> {
  const session = await readConsoleSession();
  if (!session) redirect(returnTo ? `/sign-in?callbackUrl=${encodeURIComponent(returnTo)}` : '/sign-in');
  if (!roleAtLeast(session.user.role, minRole)) forbidden();
  return { user: session.user, api: consoleApi(session.token) };
}
