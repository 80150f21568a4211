import type { Executor } from '../repositories/executor';

export interface TenantWindow {
  tenantId: string;
  eventDays: number;
}

/** Tenants that keep raw location events for less than the global window (`locus retention set`). */
export function makeTenantRetentionRepo(db: Executor) {
  return {
    async list(): Promise<TenantWindow[]> {
      const rows = await db.selectFrom('tenant_retention').select(['tenant_id', 'event_days']).execute();
      return rows.map((r) => ({ tenantId: r.tenant_id, eventDays: r.event_days }));
    },

    async set(tenantId: string, eventDays: number, now: number): Promise<void> {
      await db
        .insertInto('tenant_retention')
        .values({ tenant_id: tenantId, event_days: eventDays, updated_at: now })
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ event_days: eventDays, updated_at: now }))
        .execute();
    },

    async clear(tenantId: string): Promise<void> {
      await db.deleteFrom('tenant_retention').where('tenant_id', '=', tenantId).execute();
    },
  };
}
