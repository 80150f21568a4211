import { compileStatement } from './compiled-statement';
import type { Executor } from './executor';
import { fromJson, toJson } from './executor';

export interface NewTenant {
  id: string;
  name: string;
  createdAt: number;
}

export interface CredentialRecord {
  id: string;
  tenantId: string;
  clientId: string;
  secretHash: string;
  scopes: string[];
  revokedAt: number | null;
}

const liveAppKey = compileStatement((db, a: { key: string }) =>
  db.selectFrom('app_keys').select('tenant_id').where('key', '=', a.key).where('revoked_at', 'is', null),
);

export function makeTenantRepo(db: Executor) {
  return {
    async insertTenant(t: NewTenant): Promise<void> {
      await db.insertInto('tenants').values({ id: t.id, name: t.name, created_at: t.createdAt }).execute();
    },

    async insertCredential(c: Omit<CredentialRecord, 'revokedAt'> & { createdAt: number; label?: string }) {
      await db
        .insertInto('credentials')
        .values({
          id: c.id,
          tenant_id: c.tenantId,
          client_id: c.clientId,
          secret_hash: c.secretHash,
          scopes: toJson(c.scopes),
          label: c.label ?? null,
          created_at: c.createdAt,
          revoked_at: null,
        })
        .execute();
    },

    async insertAppKey(key: string, tenantId: string, createdAt: number): Promise<void> {
      await db
        .insertInto('app_keys')
        .values({ key, tenant_id: tenantId, created_at: createdAt, revoked_at: null })
        .execute();
    },

    async findCredential(clientId: string): Promise<CredentialRecord | null> {
      const row = await db
        .selectFrom('credentials')
        .selectAll()
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        id: row.id,
        tenantId: row.tenant_id,
        clientId: row.client_id,
        secretHash: row.secret_hash,
        scopes: fromJson<string[]>(row.scopes),
        revokedAt: row.revoked_at,
      };
    },

    /** The tenant an SDK app key belongs to, if the key is live. */
    async findTenantIdByAppKey(key: string): Promise<string | null> {
      const row = await liveAppKey.first(db, { key });
      return row?.tenant_id ?? null;
    },

    async listTenants() {
      return db
        .selectFrom('tenants')
        .leftJoin('credentials', 'credentials.tenant_id', 'tenants.id')
        .select([
          'tenants.id',
          'tenants.name',
          'tenants.created_at',
          'credentials.client_id',
          'credentials.scopes',
        ])
        .orderBy('tenants.created_at')
        .execute();
    },
  };
}
export type TenantRepo = ReturnType<typeof makeTenantRepo>;
