import { sql } from 'kysely';
import { FRAUD_CONFIRMING_EVENTS } from '../../domain/feedback/feedback-events';
import type { GlobalDeviceSignals } from '../../domain/graph/device-graph';
import type { Executor } from './executor';

/**
 * Other tenants' data about one device_id, as aggregate counts only: no id, no event, nothing that
 * identifies the other tenant or its users leaves this query.
 */
export function makeDeviceGraphRepo(db: Executor) {
  return {
    async globalSignals(tenantId: string, deviceId: string | null): Promise<GlobalDeviceSignals> {
      if (!deviceId) return { installations: 0, accounts: 0, confirmedFraud: false };
      const [installations, accounts, fraud] = await Promise.all([
        db
          .selectFrom('installations')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('device_id', '=', deviceId)
          .where('tenant_id', '!=', tenantId)
          .executeTakeFirst(),
        db
          .selectFrom('installation_accounts')
          .select(sql<number>`count(distinct tenant_id || ':' || account_id)`.as('n'))
          .where('device_id', '=', deviceId)
          .where('tenant_id', '!=', tenantId)
          .executeTakeFirst(),
        db
          .selectFrom('feedbacks as f')
          .innerJoin('installations as i', (j) =>
            j.onRef('i.tenant_id', '=', 'f.tenant_id').onRef('i.installation_id', '=', 'f.installation_id'),
          )
          .select('f.id')
          .where('i.device_id', '=', deviceId)
          .where('f.tenant_id', '!=', tenantId)
          .where('f.event', 'in', [...FRAUD_CONFIRMING_EVENTS])
          .executeTakeFirst(),
      ]);
      return {
        installations: Number(installations?.n ?? 0),
        accounts: Number(accounts?.n ?? 0),
        confirmedFraud: fraud !== undefined,
      };
    },
  };
}
export type DeviceGraphRepo = ReturnType<typeof makeDeviceGraphRepo>;
