import { makeTenantRepo } from '../db/repositories/tenant-repo';
import { createRuntime, type Runtime } from '../runtime/create-runtime';
import { runtimeConfigFromEnv } from '../runtime/runtime-config';

/**
 * Runs `work` for the tenant of a live API client id over DATABASE_URL and prints its result as one
 * JSON line (the tenant-scoped commands: webhook, erase, export).
 */
export async function withTenant(
  clientId: string,
  work: (runtime: Runtime, tenantId: string) => Promise<unknown>,
): Promise<void> {
  const runtime = await createRuntime({ databaseUrl: runtimeConfigFromEnv(process.env).databaseUrl });
  try {
    const credential = await makeTenantRepo(runtime.db).findCredential(clientId);
    if (!credential || credential.revokedAt !== null)
      throw new Error(`no live credential with client id ${clientId}`);
    console.log(JSON.stringify(await work(runtime, credential.tenantId)));
  } finally {
    await runtime.close();
  }
}
