import type { Executor } from './executor';

export interface StoreRecord {
  tenantId: string;
  storeId: string;
  name: string | null;
  lat: number;
  lng: number;
}

/** The per-tenant registry of physical stores that in-store payments name by `store_id`. */
export function makeStoreRepo(db: Executor) {
  return {
    async upsert(s: StoreRecord, at: number): Promise<void> {
      await db
        .insertInto('stores')
        .values({
          tenant_id: s.tenantId,
          store_id: s.storeId,
          name: s.name,
          lat: s.lat,
          lng: s.lng,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) =>
          oc
            .columns(['tenant_id', 'store_id'])
            .doUpdateSet({ name: s.name, lat: s.lat, lng: s.lng, updated_at: at }),
        )
        .execute();
    },

    async find(tenantId: string, storeId: string): Promise<StoreRecord | null> {
      const row = await db
        .selectFrom('stores')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('store_id', '=', storeId)
        .executeTakeFirst();
      return row
        ? { tenantId: row.tenant_id, storeId: row.store_id, name: row.name, lat: row.lat, lng: row.lng }
        : null;
    },

    async list(tenantId: string): Promise<StoreRecord[]> {
      const rows = await db
        .selectFrom('stores')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .orderBy('store_id')
        .execute();
      return rows.map((row) => ({
        tenantId: row.tenant_id,
        storeId: row.store_id,
        name: row.name,
        lat: row.lat,
        lng: row.lng,
      }));
    },

    async remove(tenantId: string, storeId: string): Promise<boolean> {
      const r = await db
        .deleteFrom('stores')
        .where('tenant_id', '=', tenantId)
        .where('store_id', '=', storeId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}
export type StoreRepo = ReturnType<typeof makeStoreRepo>;
