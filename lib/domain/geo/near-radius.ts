/**
 * "Near" an address means within this many metres of its point (the finest chargeback ring the spec
 * uses). When the geocoder is less precise than that, the radius widens to its uncertainty, capped so
 * that a city-level match never counts a whole city as "near".
 */
export const NEAR_ADDRESS_RADIUS_M = 150;
export const MAX_NEAR_RADIUS_M = 1_000;

export function nearRadiusMetres(uncertaintyM: number | null): number {
  if (uncertaintyM === null) return NEAR_ADDRESS_RADIUS_M;
  return Math.min(MAX_NEAR_RADIUS_M, Math.max(NEAR_ADDRESS_RADIUS_M, uncertaintyM));
}
