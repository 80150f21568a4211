import type { Command } from 'commander';
import { RoleSchema } from '../../contracts/console/common';
import { makeTenantRepo } from '../../db/repositories/tenant-repo';
import { createRuntime } from '../../runtime/create-runtime';
import { runtimeConfigFromEnv } from '../../runtime/runtime-config';
import { makeAuditStore } from '../../db/console/audit-store';
import { makeUsersStore, toUserDto } from '../../db/console/users-store';

/** `locus user create|list` — analyst console users of a tenant. */
export function register(program: Command): void {
  const user = program.command('user').description('manage analyst console users');
  user
    .command('create')
    .requiredOption('--client-id <id>', "an API client id of the user's tenant")
    .requiredOption('--email <email>', 'sign-in email (unique)')
    .requiredOption('--role <role>', 'analyst, manager or admin')
    .option(
      '--password <password>',
      'password (at least 12 characters); a strong one is generated when omitted',
    )
    .description(
      'create a console user; prints {"user_id","email","role","password"} (the password only once)',
    )
    .action(async (options: { clientId: string; email: string; role: string; password?: string }) => {
      const role = RoleSchema.safeParse(options.role);
      if (!role.success) throw new Error(`--role must be analyst, manager or admin, got ${options.role}`);
      if (options.password !== undefined && options.password.length < 12)
        throw new Error('--password must have at least 12 characters');
      if (!/^[^@\s]+@[^@\s]+$/.test(options.email))
        throw new Error(`--email is not an email address: ${options.email}`);
      const runtime = await createRuntime({ databaseUrl: runtimeConfigFromEnv(process.env).databaseUrl });
      try {
        const credential = await makeTenantRepo(runtime.db).findCredential(options.clientId);
        if (!credential) throw new Error(`no API credential with client id ${options.clientId}`);
        const users = makeUsersStore(runtime.db);
        if (await users.findByEmail(options.email))
          throw new Error(`a console user with email ${options.email} exists already`);
        const now = runtime.clock.now();
        const created = await users.create({
          tenantId: credential.tenantId,
          email: options.email,
          role: role.data,
          password: options.password,
          now,
        });
        await makeAuditStore(runtime.db).write({
          tenantId: credential.tenantId,
          actorUserId: null,
          action: 'user_created',
          subjectType: 'user',
          subjectId: created.user.id,
          before: null,
          after: { email: created.user.email, role: created.user.role, via: 'cli' },
          at: now,
        });
        console.log(
          JSON.stringify({
            user_id: created.user.id,
            email: created.user.email,
            role: created.user.role,
            password: created.password,
          }),
        );
      } finally {
        await runtime.close();
      }
    });
  user
    .command('list')
    .requiredOption('--client-id <id>', "an API client id of the users' tenant")
    .description('list console users of the tenant (never passwords)')
    .action(async (options: { clientId: string }) => {
      const runtime = await createRuntime({ databaseUrl: runtimeConfigFromEnv(process.env).databaseUrl });
      try {
        const credential = await makeTenantRepo(runtime.db).findCredential(options.clientId);
        if (!credential) throw new Error(`no API credential with client id ${options.clientId}`);
        for (const u of await makeUsersStore(runtime.db).list(credential.tenantId))
          console.log(JSON.stringify(toUserDto(u)));
      } finally {
        await runtime.close();
      }
    });
}
