import { randomUUID } from 'node:crypto';
import { hashSecret, randomSecret } from '../../auth/secret-hash';
import type { Credential } from '../../contracts/console/settings';
import { SCOPES } from '../../contracts/token';
import { makeTenantRepo } from '../repositories/tenant-repo';
import type { Executor } from '../repositories/executor';

/** API credentials and SDK app keys of a tenant, created the way `locus tenant create` makes them. */
export function makeCredentialsStore(db: Executor) {
  const tenants = makeTenantRepo(db);
  return {
    async listCredentials(tenantId: string): Promise<Credential[]> {
      const rows = await db
        .selectFrom('credentials')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .orderBy('created_at')
        .execute();
      return rows.map((r) => ({
        client_id: r.client_id,
        label: r.label,
        scopes: JSON.parse(r.scopes) as string[],
        created_at: Number(r.created_at),
        revoked_at: r.revoked_at === null ? null : Number(r.revoked_at),
      }));
    },

    /** A new credential with every scope; the secret is returned here once and only its hash is kept. */
    async createCredential(tenantId: string, label: string | null, now: number) {
      const clientId = `lc_${randomSecret(12)}`;
      const secret = randomSecret(32);
      await tenants.insertCredential({
        id: randomUUID(),
        tenantId,
        clientId,
        secretHash: await hashSecret(secret),
        scopes: [...SCOPES],
        createdAt: now,
        ...(label ? { label } : {}),
      });
      return {
        client_id: clientId,
        client_secret: secret,
        label,
        scopes: [...SCOPES],
        created_at: now,
        revoked_at: null,
      };
    },

    async revokeCredential(tenantId: string, clientId: string, now: number): Promise<boolean> {
      const r = await db
        .updateTable('credentials')
        .set({ revoked_at: now })
        .where('tenant_id', '=', tenantId)
        .where('client_id', '=', clientId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    async listAppKeys(tenantId: string) {
      const rows = await db
        .selectFrom('app_keys')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .orderBy('created_at')
        .execute();
      return rows.map((r) => ({
        key: r.key,
        created_at: Number(r.created_at),
        revoked_at: r.revoked_at === null ? null : Number(r.revoked_at),
      }));
    },

    async createAppKey(tenantId: string, now: number) {
      const key = `ak_${randomSecret(16)}`;
      await tenants.insertAppKey(key, tenantId, now);
      return { key, created_at: now, revoked_at: null };
    },

    async revokeAppKey(tenantId: string, key: string, now: number): Promise<boolean> {
      const r = await db
        .updateTable('app_keys')
        .set({ revoked_at: now })
        .where('tenant_id', '=', tenantId)
        .where('key', '=', key)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  };
}
