import type { Executor } from '../repositories/executor';

/** The id and name of a tenant, for the console's session and settings; undefined when it does not exist. */
export function findTenantRef(db: Executor, tenantId: string) {
  return db.selectFrom('tenants').select(['id', 'name']).where('id', '=', tenantId).executeTakeFirst();
}
