import type { DeclaredAddressDto } from '../contracts/signup';
import type { AddressInput } from '../geocode/types';

/** True when the request declares any address at all (an empty line counts as none, as Go sends it). */
export function declaresAddress(dto: DeclaredAddressDto): boolean {
  return Boolean(dto.address_line?.trim() || dto.structured_address || dto.address_coordinates);
}

export function toAddressInput(dto: DeclaredAddressDto): AddressInput {
  return {
    addressLine: dto.address_line?.trim() || null,
    structured: dto.structured_address ?? null,
    coordinates: dto.address_coordinates ?? null,
  };
}

/** The declared address as stored: just its three fields, unknown keys of the request left behind. */
export function storedDeclaredAddress(dto: DeclaredAddressDto): DeclaredAddressDto {
  return {
    address_line: dto.address_line ?? null,
    structured_address: dto.structured_address ?? null,
    address_coordinates: dto.address_coordinates ?? null,
  };
}
