import type { AddressMatch, AddressQuality, DeclaredLocation, GeocodeQuality } from '../address';
import type { DeviceIntegrityEvidence, LocationServicesEvidence } from '../device/device-report';
import type { Reputation } from '../risk';

/** Signup evidence (SPEC §2.4). Distances are metres; timestamps ISO 8601. Absent means unknown. */
export interface SignupEvidence {
  device_model?: string;
  geocode_quality?: GeocodeQuality;
  address_quality?: AddressQuality;
  address_match?: AddressMatch;
  location_events_near_address?: number;
  location_events_quantity: number;
  location_services?: LocationServicesEvidence;
  device_integrity?: DeviceIntegrityEvidence;
  device_fraud_reputation: Reputation;
  device_behavior_reputation: Reputation;
  activity_evidence?: {
    first_known_address_activity?: string;
    last_known_address_activity?: string;
    first_address_verification?: string;
  };
  accessed_accounts: number;
  app_reinstallations: number;
  different_declared_addresses: number;
  distance_from_last_location_to_declared_address?: number;
  distance_from_nearest_location_to_declared_address?: number;
}

export function addressQualityEvidence(declared: DeclaredLocation | null) {
  if (!declared) return {};
  return {
    geocode_quality: declared.geocodeQuality,
    address_quality: declared.addressQuality,
    address_match: declared.addressMatch,
  };
}
