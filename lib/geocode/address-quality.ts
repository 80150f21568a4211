import type { AddressParts } from './address-parts.ts';
import type { ResolvedPlace } from './resolve-place.ts';

/**
 * Grades the declared address itself (SPEC §2.4 address_quality), not how well it was found:
 * - good: street, number and a locality (a known city or a valid postal code), nothing contradictory;
 * - medium: a street with a known locality but no number, a known city with a valid postal code, or a
 *   complete address with one inconsistency or an invalid postal code;
 * - poor: anything less (a city alone, a postal code alone, nothing, or contradictions on a partial address).
 */
export function gradeAddress(parts: AddressParts, place: ResolvedPlace): 'good' | 'medium' | 'poor' {
  const hasStreet = Boolean(parts.street);
  const hasNumber = Boolean(parts.number);
  const knownCity = place.city !== null;
  const validPostal = place.postalValid === true;
  const hasLocality = knownCity || validPostal;
  const flawed = place.inconsistent || place.postalValid === false;
  if (hasStreet && hasNumber && hasLocality) return flawed ? 'medium' : 'good';
  if (flawed) return 'poor';
  if (hasStreet && hasLocality) return 'medium';
  if (knownCity && validPostal) return 'medium';
  return 'poor';
}
