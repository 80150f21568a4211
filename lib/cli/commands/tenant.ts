import type { Command } from 'commander';
import { SCOPES, type Scope } from '../../contracts/token';
import { makeGlobalDeviceRepo } from '../../db/global-signals/global-device-repo';
import { makeTenantRepo } from '../../db/repositories/tenant-repo';
import { createRuntime } from '../../runtime/create-runtime';
import { runtimeConfigFromEnv } from '../../runtime/runtime-config';

/** `locus tenant create|list` — API credentials and SDK app keys for a client. */
export function register(program: Command): void {
  const tenant = program.command('tenant').description('manage tenants (clients of the API)');
  tenant
    .command('create')
    .requiredOption('--name <name>', 'tenant name')
    .option('--scopes <scopes>', `comma-separated scopes (${SCOPES.join(',')})`, SCOPES.join(','))
    .description(
      'create a tenant; prints {"tenant_id","client_id","client_secret","app_key"} (the secret only once)',
    )
    .action(async (options: { name: string; scopes: string }) => {
      const scopes = parseScopes(options.scopes);
      const runtime = await createRuntime({ databaseUrl: runtimeConfigFromEnv(process.env).databaseUrl });
      try {
        console.log(JSON.stringify(await runtime.createTenant(options.name, scopes)));
      } finally {
        await runtime.close();
      }
    });
  tenant
    .command('list')
    .description('list tenants and their client ids (never secrets)')
    .action(async () => {
      const runtime = await createRuntime({ databaseUrl: runtimeConfigFromEnv(process.env).databaseUrl });
      try {
        for (const row of await makeTenantRepo(runtime.db).listTenants()) {
          console.log(
            JSON.stringify({
              tenant_id: row.id,
              name: row.name,
              client_id: row.client_id,
              scopes: JSON.parse(row.scopes ?? '[]'),
            }),
          );
        }
      } finally {
        await runtime.close();
      }
    });
  tenant
    .command('global-signals')
    .argument('<switch>', 'on or off')
    .requiredOption('--client-id <id>', "the tenant's API client id")
    .description(
      'take a tenant out of cross-tenant device signals (off: it neither receives nor contributes) or back in; docs/RISK.md',
    )
    .action(async (value: string, options: { clientId: string }) => {
      if (value !== 'on' && value !== 'off') throw new Error(`global-signals takes on or off, got ${value}`);
      const runtime = await createRuntime({ databaseUrl: runtimeConfigFromEnv(process.env).databaseUrl });
      try {
        const credential = await makeTenantRepo(runtime.db).findCredential(options.clientId);
        if (!credential) throw new Error(`no API credential with client id ${options.clientId}`);
        const repo = makeGlobalDeviceRepo(runtime.db);
        await repo.setParticipation(credential.tenantId, value === 'on', runtime.clock.now());
        const on = await repo.participates(credential.tenantId);
        console.log(JSON.stringify({ tenant_id: credential.tenantId, global_signals: on ? 'on' : 'off' }));
      } finally {
        await runtime.close();
      }
    });
}

function parseScopes(text: string): Scope[] {
  const scopes = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0)
    throw new Error(`unknown scopes: ${unknown.join(', ')} (known: ${SCOPES.join(', ')})`);
  return scopes as Scope[];
}
