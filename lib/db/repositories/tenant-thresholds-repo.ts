import type { RiskModel } from '../../domain/model/risk-model';
import { PAYMENT_MODEL, SIGNUP_MODEL } from '../../domain/model/trained-models';
import type { Executor } from './executor';

/** An admin's change of thresholds reaches every instance within this long. */
const CACHE_MS = 30_000;

type Kind = 'signup' | 'payment';
const MODELS: Record<Kind, RiskModel> = { signup: SIGNUP_MODEL, payment: PAYMENT_MODEL };

const cache = new Map<string, { at: number; models: Record<Kind, RiskModel> }>();

/**
 * Drops this process's cached thresholds of a tenant: the instance where an admin applied new ones uses
 * them from the next assessment on (other instances within CACHE_MS).
 */
export function forgetCachedThresholds(tenantId: string): void {
  cache.delete(tenantId);
}

/**
 * The trained models with the thresholds a tenant's admin applied from a backtest (the console's
 * tenant_thresholds, migration 0700); the models as trained when none were applied. Read at most once
 * per CACHE_MS per tenant and process: assessments must not pay a query each.
 */
export function makeTenantThresholdsRepo(db: Executor) {
  return {
    async modelsFor(tenantId: string, now: number): Promise<Record<Kind, RiskModel>> {
      const hit = cache.get(tenantId);
      if (hit && now - hit.at < CACHE_MS && now >= hit.at) return hit.models;
      const rows = await db
        .selectFrom('tenant_thresholds')
        .select(['kind', 'low', 'high'])
        .where('tenant_id', '=', tenantId)
        .execute();
      const withThresholds = (kind: Kind): RiskModel => {
        const row = rows.find((r) => r.kind === kind);
        return row
          ? { ...MODELS[kind], thresholds: { low: Number(row.low), high: Number(row.high) } }
          : MODELS[kind];
      };
      const models = { signup: withThresholds('signup'), payment: withThresholds('payment') };
      cache.set(tenantId, { at: now, models });
      return models;
    },
  };
}
