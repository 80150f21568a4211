import { randomUUID } from 'node:crypto';
import { SCOPES, type Scope } from '../contracts/token';
import { inTransaction } from '../db/repositories/index';
import { hashSecret, randomSecret } from '../auth/secret-hash';
import type { UseCaseDeps } from './usecase-deps';

export interface CreatedTenant {
  tenant_id: string;
  client_id: string;
  /** Shown once: only its hash is stored. */
  client_secret: string;
  app_key: string;
}

/** A tenant with one API credential and one SDK app key. */
export function makeCreateTenant(deps: Pick<UseCaseDeps, 'db' | 'clock'>) {
  return async function createTenant(
    name: string,
    scopes: readonly Scope[] = SCOPES,
  ): Promise<CreatedTenant> {
    const now = deps.clock.now();
    const created: CreatedTenant = {
      tenant_id: randomUUID(),
      client_id: `lc_${randomSecret(12)}`,
      client_secret: randomSecret(32),
      app_key: `ak_${randomSecret(16)}`,
    };
    const secretHash = await hashSecret(created.client_secret);
    await inTransaction(deps.db, async (repos) => {
      await repos.tenants.insertTenant({ id: created.tenant_id, name, createdAt: now });
      await repos.tenants.insertCredential({
        id: randomUUID(),
        tenantId: created.tenant_id,
        clientId: created.client_id,
        secretHash,
        scopes: [...scopes],
        createdAt: now,
      });
      await repos.tenants.insertAppKey(created.app_key, created.tenant_id, now);
    });
    return created;
  };
}
