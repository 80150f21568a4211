import type { ThresholdSettings } from '../../contracts/console/backtest';
import { PAYMENT_MODEL, SIGNUP_MODEL } from '../../domain/model/trained-models';
import type { Executor } from '../repositories/executor';

export type ThresholdKind = 'signup' | 'payment';
export interface Thresholds {
  low: number;
  high: number;
}

export const MODEL_THRESHOLDS: Record<ThresholdKind, Thresholds> = {
  signup: SIGNUP_MODEL.thresholds,
  payment: PAYMENT_MODEL.thresholds,
};

/** Risk thresholds a tenant's admin applied (from a backtest); the model's own when none was. */
export function makeThresholdsStore(db: Executor) {
  return {
    async settings(tenantId: string): Promise<ThresholdSettings> {
      const rows = await db
        .selectFrom('tenant_thresholds')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .execute();
      const of = (kind: ThresholdKind) => {
        const row = rows.find((r) => r.kind === kind);
        return row
          ? {
              low: Number(row.low),
              high: Number(row.high),
              source: 'tenant' as const,
              applied_at: Number(row.applied_at),
            }
          : { ...MODEL_THRESHOLDS[kind], source: 'model' as const, applied_at: null };
      };
      return { signup: of('signup'), payment: of('payment') };
    },

    async apply(tenantId: string, kind: ThresholdKind, t: Thresholds, by: string, at: number): Promise<void> {
      await db
        .insertInto('tenant_thresholds')
        .values({ tenant_id: tenantId, kind, low: t.low, high: t.high, applied_at: at, applied_by: by })
        .onConflict((oc) =>
          oc
            .columns(['tenant_id', 'kind'])
            .doUpdateSet({ low: t.low, high: t.high, applied_at: at, applied_by: by }),
        )
        .execute();
    },
  };
}
