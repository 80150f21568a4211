/** Why a request was not admitted: its tenant is at its share (429), or the process is full (503). */
export type Refusal = 'tenant' | 'global';

export interface ConcurrencyLimitsConfig {
  /** Requests in progress at once, all tenants together. */
  global: number;
  /** Requests in progress at once for one tenant: one tenant never takes every slot. */
  perTenant: number;
}

/**
 * In-flight counters, global and per tenant. `tryAcquire` either takes a slot in both (and returns a
 * release function that gives them back exactly once) or takes none and says which limit refused.
 */
export function makeConcurrencyLimits(config: ConcurrencyLimitsConfig) {
  let inFlight = 0;
  const perTenant = new Map<string, number>();
  return {
    tryAcquire(tenantId: string): { release: () => void } | { refused: Refusal } {
      const mine = perTenant.get(tenantId) ?? 0;
      if (mine >= config.perTenant) return { refused: 'tenant' };
      if (inFlight >= config.global) return { refused: 'global' };
      inFlight += 1;
      perTenant.set(tenantId, mine + 1);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          inFlight -= 1;
          const left = (perTenant.get(tenantId) ?? 1) - 1;
          if (left === 0) perTenant.delete(tenantId);
          else perTenant.set(tenantId, left);
        },
      };
    },
    inFlight: () => inFlight,
  };
}
export type ConcurrencyLimits = ReturnType<typeof makeConcurrencyLimits>;
