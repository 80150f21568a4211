import type { DeclaredLocation } from '../../domain/address';
import type { LatLng } from '../../domain/location';

/** Where a signup's declared address was placed: the geocoder's point, else the coordinates sent. */
export function signupAddressPoint(geocodeJson: string | null, declaredJson: string): LatLng | null {
  const geocode = geocodeJson ? (JSON.parse(geocodeJson) as DeclaredLocation) : null;
  const declared = JSON.parse(declaredJson) as { address_coordinates?: LatLng | null };
  return geocode?.point ?? declared.address_coordinates ?? null;
}
