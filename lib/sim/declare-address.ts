import type { Random } from './random';
import type { Address, DeclaredAddress } from './types';

/**
 * How a client sends an address it knows: structured (recommended by the spec), as one line, or both;
 * with coordinates in `coordinatesShare` of the cases (clients that geocode on their side).
 */
export function declareAddress(random: Random, address: Address, coordinatesShare: number): DeclaredAddress {
  const form = random.next();
  const declared: DeclaredAddress = {};
  if (form < 0.6) declared.structured_address = { ...address.structured };
  else if (form < 0.85) declared.address_line = address.line;
  else {
    declared.structured_address = { ...address.structured };
    declared.address_line = address.line;
  }
  if (random.chance(coordinatesShare)) declared.address_coordinates = { ...address.coordinates };
  return declared;
}
