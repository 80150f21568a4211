import type { Executor } from '../db/repositories/executor';
import { fromJson, toJson } from '../db/repositories/executor';
import type { WebhookEventType } from '../domain/signup/signup-transition';

export interface WebhookConfigRecord {
  tenantId: string;
  url: string;
  eventTypes: WebhookEventType[];
  headerPrefix: string;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretExpiresAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export function makeWebhookConfigRepo(db: Executor) {
  return {
    async find(tenantId: string): Promise<WebhookConfigRecord | null> {
      const row = await db
        .selectFrom('webhook_configs')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        tenantId: row.tenant_id,
        url: row.url,
        eventTypes: fromJson<WebhookEventType[]>(row.event_types),
        headerPrefix: row.header_prefix,
        secretSealed: row.secret_sealed,
        previousSecretSealed: row.previous_secret_sealed,
        previousSecretExpiresAt: row.previous_secret_expires_at,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      };
    },

    async upsert(c: WebhookConfigRecord): Promise<void> {
      const values = {
        tenant_id: c.tenantId,
        url: c.url,
        event_types: toJson(c.eventTypes),
        header_prefix: c.headerPrefix,
        secret_sealed: c.secretSealed,
        previous_secret_sealed: c.previousSecretSealed,
        previous_secret_expires_at: c.previousSecretExpiresAt,
        created_at: c.createdAt,
        updated_at: c.updatedAt,
      };
      const { tenant_id: _t, created_at: _c, ...changes } = values;
      await db
        .insertInto('webhook_configs')
        .values(values)
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet(changes))
        .execute();
    },

    async remove(tenantId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('webhook_configs')
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
export type WebhookConfigRepo = ReturnType<typeof makeWebhookConfigRepo>;
