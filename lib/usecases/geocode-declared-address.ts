import type { DeclaredAddressDto } from '../contracts/signup';
import type { DeclaredLocation } from '../domain/address';
import type { Geocoder } from '../geocode/types';
import { declaresAddress, toAddressInput } from './declared-address-input';

/** Where the declared address is, or null when none was declared. The geocoder never throws. */
export async function geocodeDeclaredAddress(
  geocoder: Geocoder,
  dto: DeclaredAddressDto,
): Promise<DeclaredLocation | null> {
  if (!declaresAddress(dto)) return null;
  const result = await geocoder.geocode(toAddressInput(dto));
  return {
    point: result.point,
    uncertaintyM: result.uncertaintyM,
    addressMatch: result.addressMatch,
    geocodeQuality: result.geocodeQuality,
    addressQuality: result.addressQuality,
    normalized: result.normalized,
  };
}
