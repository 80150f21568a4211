import { z } from 'zod';
import {
  AppKeySchema,
  CreateCredentialSchema,
  CreatedCredentialSchema,
  CreatedUserSchema,
  CreateUserSchema,
  SettingsSchema,
  SsoStatusSchema,
  UpdateUserSchema,
  UserSchema,
} from '../../../contracts/console/settings';
import { AppError } from '../../../usecases/app-error';
import type { ZodApp } from '../../zod-app';
import type { ConsoleContext } from './console-context';
import { consoleCaller, type ConsoleCaller } from './console-guard';
import { makeAuditStore } from '../../../db/console/audit-store';
import { makeCredentialsStore } from '../../../db/console/credentials-store';
import { findTenantRef } from '../../../db/console/tenant-ref';
import { makeUsersStore, toUserDto } from '../../../db/console/users-store';
import { oidcIssuerProblem } from './oidc-identity';

const Ok = z.object({ ok: z.literal(true) });
const conflict = z.object({ errors: z.array(z.string()) });

export function consoleSettingsRoutes(app: ZodApp, ctx: ConsoleContext): void {
  const creds = makeCredentialsStore(ctx.db);
  const users = makeUsersStore(ctx.db);
  const audit = makeAuditStore(ctx.db);
  const admin = { onRequest: ctx.guard('admin') };
  const record = (
    caller: ConsoleCaller,
    action: string,
    subjectType: string,
    subjectId: string,
    before: unknown,
    after: unknown,
  ) =>
    audit.write({
      tenantId: caller.tenantId,
      actorUserId: caller.userId,
      action,
      subjectType,
      subjectId,
      before,
      after,
      at: ctx.clock.now(),
    });

  // GET /api/console/v1/settings — credentials (never secrets), app keys and users of the tenant
  app.get(
    '/api/console/v1/settings',
    { ...admin, schema: { tags: ['console'], response: { 200: SettingsSchema } } },
    async (request) => {
      const { tenantId } = consoleCaller(request);
      const tenant = await findTenantRef(ctx.db, tenantId);
      if (!tenant) throw new AppError('not_found');
      const [credentials, appKeys, userRows] = await Promise.all([
        creds.listCredentials(tenantId),
        creds.listAppKeys(tenantId),
        users.list(tenantId),
      ]);
      return { tenant, credentials, app_keys: appKeys, users: userRows.map(toUserDto) };
    },
  );

  // GET /api/console/v1/sso — single sign-on as the API sees it, with the problem an admin must fix
  app.get(
    '/api/console/v1/sso',
    { ...admin, schema: { tags: ['console'], response: { 200: SsoStatusSchema } } },
    async () => {
      const oidc = ctx.deps.oidc;
      if (!oidc) return { configured: false, issuer: null, client_id: null, problem: null };
      return {
        configured: true,
        issuer: oidc.issuer,
        client_id: oidc.clientId,
        problem: await oidcIssuerProblem(oidc),
      };
    },
  );

  // POST /api/console/v1/credentials — a new API credential; its secret is in this reply only
  app.post(
    '/api/console/v1/credentials',
    {
      ...admin,
      schema: { tags: ['console'], body: CreateCredentialSchema, response: { 200: CreatedCredentialSchema } },
    },
    async (request) => {
      const caller = consoleCaller(request);
      const created = await creds.createCredential(
        caller.tenantId,
        request.body.label ?? null,
        ctx.clock.now(),
      );
      await record(caller, 'credential_created', 'credential', created.client_id, null, {
        client_id: created.client_id,
        label: created.label,
      });
      return created;
    },
  );

  // DELETE /api/console/v1/credentials/:client_id — revoke (tokens it issued expire within 20 minutes)
  app.delete(
    '/api/console/v1/credentials/:client_id',
    {
      ...admin,
      schema: {
        tags: ['console'],
        params: z.object({ client_id: z.string().max(100) }),
        response: { 200: Ok },
      },
    },
    async (request) => {
      const caller = consoleCaller(request);
      if (!(await creds.revokeCredential(caller.tenantId, request.params.client_id, ctx.clock.now())))
        throw new AppError('not_found');
      await record(
        caller,
        'credential_revoked',
        'credential',
        request.params.client_id,
        { revoked: false },
        { revoked: true },
      );
      return { ok: true as const };
    },
  );

  // POST /api/console/v1/app-keys — a new SDK app key
  app.post(
    '/api/console/v1/app-keys',
    { ...admin, schema: { tags: ['console'], response: { 200: AppKeySchema } } },
    async (request) => {
      const caller = consoleCaller(request);
      const created = await creds.createAppKey(caller.tenantId, ctx.clock.now());
      await record(caller, 'app_key_created', 'app_key', created.key, null, { key: created.key });
      return created;
    },
  );

  // DELETE /api/console/v1/app-keys/:key — revoke an SDK app key
  app.delete(
    '/api/console/v1/app-keys/:key',
    {
      ...admin,
      schema: { tags: ['console'], params: z.object({ key: z.string().max(100) }), response: { 200: Ok } },
    },
    async (request) => {
      const caller = consoleCaller(request);
      if (!(await creds.revokeAppKey(caller.tenantId, request.params.key, ctx.clock.now())))
        throw new AppError('not_found');
      await record(
        caller,
        'app_key_revoked',
        'app_key',
        request.params.key,
        { revoked: false },
        { revoked: true },
      );
      return { ok: true as const };
    },
  );

  // POST /api/console/v1/users — a console user of this tenant; a generated password is in this reply only
  app.post(
    '/api/console/v1/users',
    {
      ...admin,
      schema: {
        tags: ['console'],
        body: CreateUserSchema,
        response: { 200: CreatedUserSchema, 409: conflict },
      },
    },
    async (request, reply) => {
      const caller = consoleCaller(request);
      if (await users.findByEmail(request.body.email))
        return reply.code(409).send({ errors: ['a user with this email exists already'] });
      const created = await users.create({
        tenantId: caller.tenantId,
        ...request.body,
        now: ctx.clock.now(),
      });
      await record(caller, 'user_created', 'user', created.user.id, null, {
        email: created.user.email,
        role: created.user.role,
      });
      return { user: toUserDto(created.user), password: created.password };
    },
  );

  // PATCH /api/console/v1/users/:id — change a role or disable/enable a user (not oneself)
  app.patch(
    '/api/console/v1/users/:id',
    {
      ...admin,
      schema: {
        tags: ['console'],
        params: z.object({ id: z.string().max(100) }),
        body: UpdateUserSchema,
        response: { 200: UserSchema },
      },
    },
    async (request) => {
      const caller = consoleCaller(request);
      const before = await users.find(caller.tenantId, request.params.id);
      if (!before) throw new AppError('not_found');
      if (before.id === caller.userId)
        throw new AppError('invalid_request', ['admins cannot change their own role or disable themselves']);
      const patch = {
        ...(request.body.role ? { role: request.body.role } : {}),
        ...(request.body.disabled !== undefined
          ? { disabled_at: request.body.disabled ? ctx.clock.now() : null }
          : {}),
      };
      await users.update(caller.tenantId, before.id, patch);
      const after = { ...before, ...patch };
      await record(
        caller,
        'user_updated',
        'user',
        before.id,
        { role: before.role, disabled: before.disabled_at !== null },
        { role: after.role, disabled: after.disabled_at !== null },
      );
      return toUserDto(after);
    },
  );
}
