import type { ChargebackRatesLookup } from '../usecases/create-transaction';

/**
 * Chargeback rates around a point. Until per-area counters exist (risk engine, issue 5) nothing is
 * known, and the evidence leaves the rates out rather than inventing zeros.
 */
export const chargebackRatesNear: ChargebackRatesLookup = async () => null;
