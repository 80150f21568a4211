import { coarseGeocode, type DeclaredLocation } from '../address';
import { deviceEvidence } from '../device/device-evidence';
import type { DeviceHistory } from '../device/device-history';
import { deviceIntegrityEvidence } from '../device/device-report';
import { deviceFraudReputation } from '../feedback/device-fraud-reputation';
import { eventsNearPoint, VERIFICATION_MIN_EVENTS } from '../fingerprint/address-presence';
import { fixAccuracyM } from '../fingerprint/fix-accuracy';
import { fingerprintPlaces, trustedPlaces, type FingerprintPlace } from '../fingerprint/fingerprint-places';
import { realEventCount, type LastFix, type LocationFingerprint } from '../fingerprint/location-fingerprint';
import { fakedSignal, signalIntegrity } from '../fingerprint/signal-integrity';
import { distanceMetres } from '../geo/distance-metres';
import { nearRadiusMetres } from '../geo/near-radius';
import type { LatLng } from '../location';
import { beyondAccuracyM } from '../model/feature-scales';
import type { RiskModel } from '../model/risk-model';
import { PAYMENT_MODEL } from '../model/trained-models';
import { awayFromAccountShare } from './device-away-share';
import type { Money, PaymentAddressEvidence, PaymentEvidence, SensorMatchType } from './payment-evidence';
import { NEW_DEVICE_MS, paymentFeatures } from './payment-features';
import { paymentReasonCheck } from './payment-reasons';
import type { ThinEvidence } from '../verdict/explanation';
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
  /** Evidence that turns any model's low_risk into unknown_risk (payment-verdict.ts), for re-scoring. */
  lowDispute: ThinEvidence | null;
}

/** How long a device counts as new to the account for the share of its stays away from the account's places. */
const AWAY_SHARE_MAX_AGE_MS = 7 * 86_400_000;

/** A building and a doorstep: a fix or an address this close to a place (beyond accuracies) is at it. */
const SAME_PLACE_M = 100;

/** Judges whether a payment or login comes from a place and a device that fit the account. */
export function assessPayment(
  input: PaymentInput,
  history: DeviceHistory,
  account: AccountHistory,
): PaymentAssessment {
  const fp = history.fingerprint;
  const current = fp.lastFix;
  const elsewhere = account.otherFingerprints.flatMap((other) => trustedPlaces(fingerprintPlaces(other)));
  const own = trustedPlaces(fingerprintPlaces(fp));
  // This device's places are the account's once the account has lived on it a day, or when the
  // account has no other device to learn its places from; before that they are only the device's.
  const settled =
    account.firstSeenOnDeviceAt !== null && input.now - account.firstSeenOnDeviceAt >= NEW_DEVICE_MS;
  const trusted = settled || elsewhere.length === 0 ? [...own, ...elsewhere] : elsewhere;
  const addresses = input.addresses.map((a) => ({
    evidence: addressEvidence(a, fp),
    precise: coarseGeocode(a.declared) ? null : a.declared,
  }));
  const precise = addresses.flatMap((a) => (a.precise ? [a.precise] : []));
  const signal = signalIntegrity(fp);
  const integrity = deviceIntegrityEvidence(history.device, fp.mock, fakedSignal(signal));
  const fraudReputation = deviceFraudReputation(history.feedback, input.now);
  const store = input.store ? storePresence(input.store, current, input.now) : null;
  const fixAccM = current ? fixAccuracyM(current) : 0;
  const features = paymentFeatures({
    current,
    now: input.now,
    distanceToTrustedM: current ? nearestBeyond(trusted, (p) => [current, fixAccM + p.accM]) : null,
    trustedPlaces: trusted.length,
    elsewhereDistanceM: current ? nearestBeyond(elsewhere, (p) => [current, fixAccM + p.accM]) : null,
    deviceToAccountM: extremeOrNull(Math.min, own, (o) =>
      nearestBeyond(elsewhere, (p) => [o, o.accM + p.accM]),
    ),
    // Only for a device new to the account: after a week it has trusted places of its own, which
    // deviceToAccountM compares (and the scan of its cells is not paid on every payment).
    awayFromAccountShare:
      account.firstSeenOnDeviceAt === null || input.now - account.firstSeenOnDeviceAt < AWAY_SHARE_MAX_AGE_MS
        ? awayFromAccountShare(fp, elsewhere)
        : null,
    addressToTrustedM: extremeOrNull(Math.max, precise, (d) =>
      nearestBeyond(trusted, (p) => [d.point as LatLng, (d.uncertaintyM ?? 0) + p.accM]),
    ),
    sleepsSomewhere: own.some((p) => p.kind === 'home'),
    unvisitedAddresses: addresses.filter(
      (a) => a.precise && a.evidence.location_events_near_address < VERIFICATION_MIN_EVENTS,
    ).length,
    firstSeenOnDeviceAt: account.firstSeenOnDeviceAt,
    otherInstallations: account.otherFingerprints.length,
    realEvents: realEventCount(fp),
    signal,
    graph: history.graph,
  });
  const distanceToTrusted = current ? nearest(current, trusted) : null;
  const noReference =
    trusted.length === 0 &&
    !addresses.some((a) => a.precise && a.evidence.location_events_near_address >= VERIFICATION_MIN_EVENTS);
  const decision = paymentVerdict(
    {
      integrity,
      fraudReputation,
      globalConfirmedFraud: history.graph.global.confirmedFraud,
      graph: history.graph,
      thinEvidence: current === null && trusted.length === 0,
      noReference,
      awayFromStore: store?.awayFromStore ?? false,
    },
    input.model ?? PAYMENT_MODEL,
    features,
    paymentReasonCheck({
      atTrustedPlace: features.trusted_distance_log === 0 && distanceToTrusted !== null,
      distanceToTrustedM: distanceToTrusted,
      preciseAddressesNear: addresses.flatMap((a) =>
        a.precise ? [a.evidence.location_events_near_address] : [],
      ),
      signal,
      graph: history.graph,
      diversity: null,
    }),
  );
  // Object.assign and fields written out, not spreads followed by more fields: V8 promotes such a copy to
  // the old generation, and every payment made several (docs/BENCHMARKS.md, "Soak"). Key order is kept.
  const evidence: PaymentEvidence = Object.assign(
    deviceEvidence(history, integrity, fraudReputation),
    { known_account: account.knownAccount },
    distanceToTrusted !== null
      ? { distance_to_trusted_location: Math.round(distanceToTrusted * 10) / 10 }
      : {},
    current ? { last_location_ts: new Date(current.ts).toISOString() } : {},
    sensorMatch(current),
    addresses.length > 0 ? { addresses: addresses.map((a) => a.evidence) } : {},
    {
      device_transaction_sum: [...account.transactionSums],
      first_device_login: account.firstSeenOnDeviceAt === null,
    },
    account.firstSeenOnDeviceAt !== null
      ? { first_device_login_at: new Date(account.firstSeenOnDeviceAt).toISOString() }
      : {},
    store
      ? {
          store: Object.assign(
            store.store_id ? { store_id: store.store_id } : {},
            store.distance_to_store !== undefined ? { distance_to_store: store.distance_to_store } : {},
            { device_at_store: store.device_at_store },
          ),
        }
      : {},
  );
  return {
    probability: decision.probability,
    decidedBy: decision.decidedBy,
    explanation: decision.explanation,
    riskAssessment: decision.riskAssessment,
    reasons: decision.reasons,
    evidence,
    features,
    lowDispute: noReference ? 'no_trusted_place' : null,
  };
}

// Loops rather than `Math.min(...values.map(…))`: the arrays' elements kinds followed the data (small
// integers, doubles, nulls, empty), and each new one deoptimised assessPayment, which TurboFan then
// compiled again (31–33 ms each time, twice per 2,000 payments after 3,000 of warm-up).

function nearest(from: LatLng, places: readonly LatLng[]): number | null {
  if (places.length === 0) return null;
  let least = Infinity;
  for (const p of places) least = Math.min(least, distanceMetres(from, p));
  return least;
}

/** The least distance beyond tolerance from `places`, each paired with its origin and tolerance. */
function nearestBeyond(
  places: readonly FingerprintPlace[],
  from: (p: FingerprintPlace) => [LatLng, number],
): number | null {
  if (places.length === 0) return null;
  let least = Infinity;
  for (const p of places) {
    const [origin, tolerance] = from(p);
    least = Math.min(least, beyondAccuracyM(origin, p, tolerance + SAME_PLACE_M));
  }
  return least;
}

/** `pick` (Math.min or Math.max) of `of(item)` over `items`, leaving out nulls; null when none is left. */
function extremeOrNull<T>(
  pick: (a: number, b: number) => number,
  items: readonly T[],
  of: (item: T) => number | null,
): number | null {
  let extreme: number | null = null;
  for (const item of items) {
    const value = of(item);
    if (value !== null) extreme = extreme === null ? value : pick(extreme, value);
  }
  return extreme;
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
  const near = point ? eventsNearPoint(fp, point, nearRadiusMetres(declared.uncertaintyM)) : 0;
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
