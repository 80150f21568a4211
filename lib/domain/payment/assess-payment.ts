import type { DeclaredLocation } from '../address';
import { deviceEvidence } from '../device/device-evidence';
import type { DeviceHistory } from '../device/device-history';
import { deviceIntegrityEvidence } from '../device/device-report';
import { deviceFraudReputation } from '../feedback/device-fraud-reputation';
import { addressPresence } from '../fingerprint/address-presence';
import { fingerprintPlaces, trustedPlaces } from '../fingerprint/fingerprint-places';
import { realEventCount, type LastFix, type LocationFingerprint } from '../fingerprint/location-fingerprint';
import { distanceMetres } from '../geo/distance-metres';
import { nearRadiusMetres } from '../geo/near-radius';
import type { LatLng } from '../location';
import type { RiskModel } from '../model/risk-model';
import { PAYMENT_MODEL } from '../model/trained-models';
import type { Money, PaymentAddressEvidence, PaymentEvidence, SensorMatchType } from './payment-evidence';
import { paymentFeatures } from './payment-features';
import type { RiskDecision } from '../verdict/rules-then-model';
import { paymentVerdict } from './payment-verdict';
import { storePresence, type InStore } from './store-presence';

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
  /** This payment's value, when it is a payment. */
  amount?: number | null;
  /** In-store payment: the store's position (from the registry or the request's `location`). */
  store?: InStore | null;
  now: number;
  /** Defaults to the trained model in models/payment-model.json. */
  model?: RiskModel;
}

/** What we know about the account on this device, beyond the device's own history. */
export interface AccountHistory {
  /** The account was seen on this device before this transaction. */
  knownAccount: boolean;
  /** First time the account was seen on this device, if ever. */
  firstSeenOnDeviceAt: number | null;
  /** Fingerprints of the account's other installations: their trusted places are the account's too. */
  otherFingerprints: readonly LocationFingerprint[];
  /** Sum of this installation's payments, per currency, this one included. */
  transactionSums: readonly Money[];
}

export interface PaymentAssessment extends RiskDecision {
  evidence: PaymentEvidence;
  features: Record<string, number>;
}

/** Judges whether a payment or login comes from a place and a device that fit the account. */
export function assessPayment(
  input: PaymentInput,
  history: DeviceHistory,
  account: AccountHistory,
): PaymentAssessment {
  const fp = history.fingerprint;
  const current = fp.lastFix;
  const own = trustedPlaces(fingerprintPlaces(fp));
  const elsewhere = account.otherFingerprints.flatMap((other) => trustedPlaces(fingerprintPlaces(other)));
  const trusted = [...own, ...elsewhere];
  const distanceToTrusted = nearest(current, trusted);
  const addressPoints = input.addresses.map((a) => a.declared.point).filter((p): p is LatLng => p !== null);
  const addressToTrusted = minOrNull(addressPoints.map((p) => nearest(p, trusted)));
  const integrity = history.device ? deviceIntegrityEvidence(history.device, fp.mock) : null;
  const fraudReputation = deviceFraudReputation(history.feedback, input.now);
  const store = input.store ? storePresence(input.store, current, input.now) : null;
  const features = paymentFeatures({
    type: input.type,
    current,
    now: input.now,
    distanceToTrustedM: distanceToTrusted,
    trustedPlaces: trusted.length,
    elsewhereDistanceM: nearest(current, elsewhere),
    addressToTrustedM: addressToTrusted,
    knownAccount: account.knownAccount,
    firstSeenOnDeviceAt: account.firstSeenOnDeviceAt,
    otherInstallations: account.otherFingerprints.length,
    realEvents: realEventCount(fp),
    jumps: fp.jumps,
    amount: input.amount ?? null,
    device: history.device,
    graph: history.graph,
  });
  const decision = paymentVerdict(
    {
      integrity,
      fraudReputation,
      globalConfirmedFraud: history.graph.global.confirmedFraud,
      graph: history.graph,
      thinEvidence: current === null && trusted.length === 0,
      awayFromStore: store?.awayFromStore ?? false,
    },
    input.model ?? PAYMENT_MODEL,
    features,
  );
  const evidence: PaymentEvidence = {
    ...deviceEvidence(history, integrity, fraudReputation),
    known_account: account.knownAccount,
    ...(distanceToTrusted !== null
      ? { distance_to_trusted_location: Math.round(distanceToTrusted * 10) / 10 }
      : {}),
    ...(current ? { last_location_ts: new Date(current.ts).toISOString() } : {}),
    ...sensorMatch(current),
    ...(input.addresses.length > 0 ? { addresses: input.addresses.map((a) => addressEvidence(a, fp)) } : {}),
    device_transaction_sum: [...account.transactionSums],
    first_device_login: account.firstSeenOnDeviceAt === null,
    ...(account.firstSeenOnDeviceAt !== null
      ? { first_device_login_at: new Date(account.firstSeenOnDeviceAt).toISOString() }
      : {}),
    ...(store
      ? {
          store: {
            ...(store.store_id ? { store_id: store.store_id } : {}),
            ...(store.distance_to_store !== undefined ? { distance_to_store: store.distance_to_store } : {}),
            device_at_store: store.device_at_store,
          },
        }
      : {}),
  };
  return { ...decision, evidence, features };
}

function nearest(from: LatLng | null, places: readonly LatLng[]): number | null {
  if (!from || places.length === 0) return null;
  return Math.min(...places.map((p) => distanceMetres(from, p)));
}

function minOrNull(values: readonly (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length > 0 ? Math.min(...known) : null;
}

/** Wifi fixes are scans of nearby networks; GPS, fused and cell fixes are reported as the satellite match. */
function sensorMatch(current: LastFix | null): { sensor_match_type?: SensorMatchType } {
  if (!current) return {};
  if (current.source === 'gps' || current.source === 'fused') return { sensor_match_type: 'gps' };
  if (current.source === 'wifi') return { sensor_match_type: 'wifi_scan' };
  return {};
}

function addressEvidence(address: PaymentAddress, fp: LocationFingerprint): PaymentAddressEvidence {
  const { declared, chargebackRates } = address;
  const point = declared.point;
  const near = point ? addressPresence(fp, point, nearRadiusMetres(declared.uncertaintyM)).eventsNear : 0;
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
