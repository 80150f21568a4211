import { z } from 'zod';
import { verifySecretOrDummy } from '../../../auth/secret-hash';
import {
  OidcSessionRequestSchema,
  SessionRequestSchema,
  SessionSchema,
  type Session,
} from '../../../contracts/console/session';
import type { UsersTable } from '../../../db/schema/console';
import { AppError } from '../../../usecases/app-error';
import type { ZodApp } from '../../zod-app';
import type { ConsoleContext } from './console-context';
import { consoleScopes } from './console-token';
import { verifiedOidcEmail } from './oidc-identity';
import { makeAuditStore } from '../../../db/console/audit-store';
import { findTenantRef } from '../../../db/console/tenant-ref';
import { makeUsersStore } from '../../../db/console/users-store';

export function sessionRoutes(app: ZodApp, ctx: ConsoleContext): void {
  const users = makeUsersStore(ctx.db);
  const audit = makeAuditStore(ctx.db);

  async function openSession(user: UsersTable, method: string): Promise<Session> {
    const tenant = await findTenantRef(ctx.db, user.tenant_id);
    const now = ctx.clock.now();
    const { token, expiresAt } = await (
      await ctx.tokens()
    ).issue({
      tenantId: user.tenant_id,
      userId: user.id,
      role: user.role,
      scopes: consoleScopes(user.role),
    });
    await users.markSignedIn(user.id, now);
    await audit.write({
      tenantId: user.tenant_id,
      actorUserId: user.id,
      action: 'user_signed_in',
      subjectType: 'user',
      subjectId: user.id,
      before: null,
      after: { method },
      at: now,
    });
    return {
      token,
      expires_at: expiresAt,
      user: {
        id: user.id,
        email: user.email,
        role: user.role as Session['user']['role'],
        tenant_id: user.tenant_id,
        tenant_name: tenant?.name ?? '',
      },
    };
  }

  // POST /api/console/v1/session — a console user signs in with email and password (the console's server calls this)
  app.post(
    '/api/console/v1/session',
    { schema: { tags: ['console'], body: SessionRequestSchema, response: { 200: SessionSchema } } },
    async (request) => {
      const user = await users.findByEmail(request.body.email);
      // An unknown e-mail is checked against a dummy hash: it costs what a wrong password costs.
      const valid = await verifySecretOrDummy(request.body.password, user?.password_hash ?? null);
      if (!user || !valid || user.disabled_at !== null)
        throw new AppError('unauthenticated', ['wrong email or password']);
      return openSession(user, 'password');
    },
  );

  // POST /api/console/v1/session/oidc — sign-in through the company's identity provider, mapped to an existing user by email
  app.post(
    '/api/console/v1/session/oidc',
    {
      schema: {
        tags: ['console'],
        body: OidcSessionRequestSchema,
        response: { 200: SessionSchema, 404: z.string() },
      },
    },
    async (request) => {
      const settings = ctx.deps.oidc;
      if (!settings) throw new AppError('not_found');
      const email = await verifiedOidcEmail(request.body.id_token, settings);
      if (!email)
        throw new AppError('unauthenticated', [`the ID token was not verified against ${settings.issuer}`]);
      const user = await users.findByEmail(email);
      if (!user || user.disabled_at !== null)
        throw new AppError('unauthenticated', ['no console user for this identity']);
      return openSession(user, 'oidc');
    },
  );
}
