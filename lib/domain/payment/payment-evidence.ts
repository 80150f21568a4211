import type { AddressMatch, AddressQuality, GeocodeQuality } from '../address';
import type { DeviceIntegrityEvidence, LocationServicesEvidence } from '../device/device-report';
import type { Reputation } from '../risk';

export type SensorMatchType = 'gps' | 'wifi_scan' | 'wifi_connection';

export interface PaymentAddressEvidence {
  type: string;
  location_events_near_address: number;
  address_quality: AddressQuality;
  geocode_quality: GeocodeQuality;
  address_match: AddressMatch;
  chargeback_rate_near_150_meters?: number;
  chargeback_rate_near_1500_meters?: number;
  chargeback_rate_near_5000_meters?: number;
}

export interface Money {
  amount: number;
  currency: string;
}

/** Payment and login evidence (SPEC §2.4). Distances are metres; timestamps ISO 8601. */
export interface PaymentEvidence {
  device_model?: string;
  location_events_quantity: number;
  location_services?: LocationServicesEvidence;
  device_integrity?: DeviceIntegrityEvidence;
  device_fraud_reputation: Reputation;
  device_behavior_reputation: Reputation;
  accessed_accounts: number;
  app_reinstallations: number;
  known_account: boolean;
  distance_to_trusted_location?: number;
  last_location_ts?: string;
  sensor_match_type?: SensorMatchType;
  addresses?: PaymentAddressEvidence[];
  device_transaction_sum: Money[];
  first_device_login: boolean;
  first_device_login_at?: string;
  /** In-store payments only: where the device is relative to the store (metres). */
  store?: { store_id?: string; distance_to_store?: number; device_at_store: boolean };
}
