import type { DeclaredLocation } from '../address';
import { deviceBehaviorReputation } from '../device/device-behavior-reputation';
import { mockEventCount, type DeviceHistory } from '../device/device-history';
import { deviceIntegrityEvidence, locationServicesEvidence } from '../device/device-report';
import { deviceFraudReputation } from '../feedback/device-fraud-reputation';
import { distanceMetres } from '../geo/distance-metres';
import { nearRadiusMetres } from '../geo/near-radius';
import { trustedLocations } from '../geo/trusted-locations';
import type { LatLng, LocationEvent } from '../location';
import type { Verdict } from '../risk';
import type { Money, PaymentAddressEvidence, PaymentEvidence, SensorMatchType } from './payment-evidence';
import { paymentVerdict } from './payment-verdict';

export interface ChargebackRates {
  near150: number;
  near1500: number;
  near5000: number;
}

export interface PaymentAddress {
  type: string;
  declared: DeclaredLocation;
  chargebackRates: ChargebackRates | null;
}

export interface PaymentInput {
  type: 'payment' | 'login';
  addresses: readonly PaymentAddress[];
  now: number;
}

/** What we know about the account on this device, beyond the device's own history. */
export interface AccountHistory {
  /** The account was seen on this device before this transaction. */
  knownAccount: boolean;
  /** First time the account was seen on this device, if ever. */
  firstSeenOnDeviceAt: number | null;
  /** Events of the account's other installations: their trusted places are the account's too. */
  otherInstallationEvents: readonly LocationEvent[];
  /** Sum of this installation's payments, per currency, this one included. */
  transactionSums: readonly Money[];
}

export interface PaymentAssessment extends Verdict {
  evidence: PaymentEvidence;
}

/** Judges whether a payment or login comes from a place and a device that fit the account. */
export function assessPayment(input: PaymentInput, history: DeviceHistory, account: AccountHistory): PaymentAssessment {
  const current = lastRealLocation(history.events);
  const trusted = trustedLocations([...account.otherInstallationEvents, ...history.events]);
  const distanceToTrusted = current && trusted.length > 0 ? nearestDistance(current, trusted) : null;
  const integrity = history.device ? deviceIntegrityEvidence(history.device, mockEventCount(history.events)) : null;
  const fraudReputation = deviceFraudReputation(history.feedback, input.now);
  const verdict = paymentVerdict({
    integrity,
    fraudReputation,
    accountsOnDevice: history.accountsOnDevice,
    knownAccount: account.knownAccount,
    hasCurrentLocation: current !== null,
    distanceToTrustedM: distanceToTrusted,
  });
  const evidence: PaymentEvidence = {
    ...(history.device?.model ? { device_model: history.device.model } : {}),
    location_events_quantity: history.eventCount,
    ...(history.device ? { location_services: locationServicesEvidence(history.device) } : {}),
    ...(integrity ? { device_integrity: integrity } : {}),
    device_fraud_reputation: fraudReputation,
    device_behavior_reputation: integrity ? deviceBehaviorReputation(integrity, history.eventCount) : 'unknown',
    accessed_accounts: history.accountsOnDevice,
    app_reinstallations: Math.max(0, history.installationsOnDevice - 1),
    known_account: account.knownAccount,
    ...(distanceToTrusted !== null ? { distance_to_trusted_location: Math.round(distanceToTrusted * 10) / 10 } : {}),
    ...(current ? { last_location_ts: new Date(current.ts).toISOString() } : {}),
    ...sensorMatch(current),
    ...(input.addresses.length > 0 ? { addresses: input.addresses.map((a) => addressEvidence(a, history.events)) } : {}),
    device_transaction_sum: [...account.transactionSums],
    first_device_login: account.firstSeenOnDeviceAt === null,
    ...(account.firstSeenOnDeviceAt !== null
      ? { first_device_login_at: new Date(account.firstSeenOnDeviceAt).toISOString() }
      : {}),
  };
  return { ...verdict, evidence };
}

function lastRealLocation(events: readonly LocationEvent[]): LocationEvent | null {
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const e = events[i];
    if (e && !e.mock) return e;
  }
  return null;
}

function nearestDistance(from: LatLng, places: readonly LatLng[]): number {
  return Math.min(...places.map((p) => distanceMetres(from, p)));
}

function sensorMatch(current: LocationEvent | null): { sensor_match_type?: SensorMatchType } {
  if (!current) return {};
  if (current.source === 'gps' || current.source === 'fused') return { sensor_match_type: 'gps' };
  if (current.source === 'wifi') return { sensor_match_type: 'wifi_scan' };
  return {};
}

function addressEvidence(address: PaymentAddress, events: readonly LocationEvent[]): PaymentAddressEvidence {
  const { declared, chargebackRates } = address;
  const point = declared.point;
  const radius = nearRadiusMetres(declared.uncertaintyM);
  const near = point ? events.filter((e) => !e.mock && distanceMetres(e, point) <= radius).length : 0;
  return {
    type: address.type,
    location_events_near_address: near,
    address_quality: declared.addressQuality,
    geocode_quality: declared.geocodeQuality,
    address_match: declared.addressMatch,
    ...(chargebackRates
      ? {
          chargeback_rate_near_150_meters: chargebackRates.near150,
          chargeback_rate_near_1500_meters: chargebackRates.near1500,
          chargeback_rate_near_5000_meters: chargebackRates.near5000,
        }
      : {}),
  };
}
