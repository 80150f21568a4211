import type { ChargebackRatesLookup } from '../usecases/create-transaction';

/**
 * Chargeback rates around a point from the per-area counters (payments counted when registered,
 * chargebacks when feedback reports them; docs/RISK.md explains the H3 ring approximation).
 */
export const chargebackRatesNear: ChargebackRatesLookup = (repos, tenantId, point) =>
  repos.areaStats.ratesNear(tenantId, point);
