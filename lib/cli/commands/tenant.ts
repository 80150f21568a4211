import type { Command } from 'commander';
import { SCOPES, type Scope } from '../../contracts/token';
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
