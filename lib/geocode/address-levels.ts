import type { AddressMatch, SourceMatch } from './types.ts';

/** Geocode quality is good only when the address is known within this radius (issue 4, SPEC §2.4). */
export const GOOD_UNCERTAINTY_M = 250;

/**
 * Rank of each level, finest highest. A 5-digit ZIP or a full CEP is finer than a city, coarser than a
 * neighbourhood, so `postal_code` sits between them.
 */
const LEVEL_RANK: Record<AddressMatch, number> = {
  no_match: 0,
  country: 1,
  state: 2,
  city: 3,
  postal_code: 4,
  neighborhood: 5,
  street: 6,
  number: 7,
};

export function levelRank(level: AddressMatch): number {
  return LEVEL_RANK[level];
}

/** The finer of two matches; a tie keeps `current`, the earlier source. */
export function finerMatch(current: SourceMatch | null, next: SourceMatch | null): SourceMatch | null {
  if (!next) return current;
  if (!current || levelRank(next.addressMatch) > levelRank(current.addressMatch)) return next;
  return current;
}

export function geocodeQualityFor(uncertaintyM: number | null): 'good' | 'poor' {
  return uncertaintyM !== null && uncertaintyM <= GOOD_UNCERTAINTY_M ? 'good' : 'poor';
}

/** Default radius when a source gives a point but no extent, per level (metres). */
export const DEFAULT_UNCERTAINTY_M: Record<Exclude<AddressMatch, 'no_match'>, number> = {
  number: 30,
  street: 500,
  neighborhood: 2_000,
  postal_code: 3_000,
  city: 10_000,
  state: 250_000,
  country: 1_000_000,
};
