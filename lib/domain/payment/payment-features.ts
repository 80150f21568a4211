import type { DeviceReport } from '../device/device-report';
import type { LastFix } from '../fingerprint/location-fingerprint';
import type { DeviceGraph } from '../graph/device-graph';
import type { FeatureSign } from '../model/sign-constrained-logistic';
import type { ReasonCode } from '../risk';

/** The facts a payment/login model looks at. Distances in metres, null when unknown. */
export interface PaymentFacts {
  type: 'payment' | 'login';
  current: LastFix | null;
  now: number;
  /** From the current fix to the nearest trusted place of the account (this device and its others). */
  distanceToTrustedM: number | null;
  trustedPlaces: number;
  /** From the current fix to the nearest trusted place of the account's other installations only. */
  elsewhereDistanceM: number | null;
  /** From the payment's addresses (home/shipping/billing) to the account's nearest trusted place. */
  addressToTrustedM: number | null;
  knownAccount: boolean;
  firstSeenOnDeviceAt: number | null;
  otherInstallations: number;
  realEvents: number;
  /** Teleports in the device's history (fingerprint `jumps`): an unflagged, unmarked spoofer still jumps. */
  jumps: number;
  amount: number | null;
  device: DeviceReport | null;
  graph: DeviceGraph;
}

/**
 * Feature names in model order, with their reason codes: where the device is against the account's
 * trusted places, where the goods go, how well the device knows the account, the device graph. All
 * bounded (distances clipped at CLIP_M, counts and ages capped). Not inputs, on purpose: the amount and
 * whether it is a login (how our simulator draws fraud, not evidence about place or device) and
 * `probable_root` (honest users root phones; it stays in the device_integrity evidence). `amount` and
 * `type` remain facts for evidence and rules.
 */
export const PAYMENT_FEATURE_REASONS: Record<string, ReasonCode> = {
  has_location: 'trusted_location',
  trusted_distance_log: 'trusted_location',
  no_trusted: 'trusted_location',
  trusted_places_log: 'trusted_location',
  elsewhere_distance_log: 'trusted_location',
  no_elsewhere: 'trusted_location',
  address_distance_log: 'trusted_location',
  no_address: 'trusted_location',
  fix_age_log: 'trusted_location',
  known_account: 'trusted_location',
  account_age_log: 'trusted_location',
  other_installations_log: 'trusted_location',
  events_log: 'trusted_location',
  jumps_log: 'device_integrity',
  location_off: 'device_integrity',
  accounts_log: 'multiple_accounts',
  installations_log: 'multiple_installations',
};
export const PAYMENT_FEATURES = Object.keys(PAYMENT_FEATURE_REASONS);

/**
 * The direction each feature may move the risk (training keeps the weights monotone): distance from the
 * account's places only raises it, and so do teleports (a spoofer that is neither flagged nor marked
 * makes the stolen address a trusted place, but it still jumps); familiarity (trusted places, a known
 * account, its age, history on the device) only lowers it; 0 leaves the sign to the data (indicator
 * pairs of missing values).
 */
export const PAYMENT_FEATURE_SIGNS: Record<string, FeatureSign> = {
  has_location: 0,
  trusted_distance_log: 1,
  no_trusted: 1,
  trusted_places_log: -1,
  elsewhere_distance_log: 1,
  no_elsewhere: -1,
  address_distance_log: 1,
  no_address: 0,
  fix_age_log: 0,
  known_account: -1,
  account_age_log: -1,
  other_installations_log: 1,
  events_log: -1,
  jumps_log: 1,
  location_off: 1,
  accounts_log: 1,
  installations_log: 1,
};

/**
 * Prior log-odds per unit (see SIGNUP_FEATURE_PRIORS): a fix far from every place the account trusts,
 * on a device the account is new to, shipped away from those places, is the account-takeover pattern
 * even when no training row shows it.
 */
export const PAYMENT_FEATURE_PRIORS: Record<string, number> = {
  trusted_distance_log: 1,
  elsewhere_distance_log: 1,
  address_distance_log: 0.5,
  known_account: -1,
  account_age_log: -0.3,
};

/** Distances are clipped here: another city is another city, however far. */
export const CLIP_M = 100_000;
/** log10(1 + metres), clipped: 0 m → 0, 100 m → 2, 10 km → 4, ≥ 100 km → 5. */
const logM = (m: number) => Math.log10(1 + Math.min(CLIP_M, Math.max(0, m)));
const logCount = (n: number, cap: number) => Math.log1p(Math.min(cap, Math.max(0, n)));
const HOUR_MS = 3_600_000;

/** A device the account is new to: first seen with it less than this long ago. */
export const NEW_DEVICE_MS = 24 * HOUR_MS;
/** …paying farther than this from every place the account's other installations trust. */
export const UNFAMILIAR_DEVICE_MIN_M = 5_000;

/**
 * The account-takeover pattern as a rule (payment-verdict.ts): the account lives on other installations,
 * this device is new to it, and it is far from every place those installations trust. A rule, not a
 * learned weight, because it must hold for takeovers no training population showed (leave-one-out).
 * Read from the features so that rules and model see the same numbers.
 */
export function unfamiliarDeviceFarAway(features: Readonly<Record<string, number>>): boolean {
  return (
    features.no_elsewhere === 0 &&
    (features.elsewhere_distance_log ?? 0) > logM(UNFAMILIAR_DEVICE_MIN_M) &&
    (features.account_age_log ?? Infinity) < logCount(NEW_DEVICE_MS / HOUR_MS, 720)
  );
}

export function paymentFeatures(f: PaymentFacts): Record<string, number> {
  return {
    has_location: f.current ? 1 : 0,
    trusted_distance_log: f.distanceToTrustedM === null ? 0 : logM(f.distanceToTrustedM),
    no_trusted: f.distanceToTrustedM === null ? 1 : 0,
    trusted_places_log: logCount(f.trustedPlaces, 20),
    elsewhere_distance_log: f.elsewhereDistanceM === null ? 0 : logM(f.elsewhereDistanceM),
    no_elsewhere: f.elsewhereDistanceM === null ? 1 : 0,
    address_distance_log: f.addressToTrustedM === null ? 0 : logM(f.addressToTrustedM),
    no_address: f.addressToTrustedM === null ? 1 : 0,
    fix_age_log: f.current ? logCount((f.now - f.current.ts) / HOUR_MS, 48) : 0,
    known_account: f.knownAccount ? 1 : 0,
    // Capped at 30 days: an older account on the device is not more honest than a month-old one.
    account_age_log:
      f.firstSeenOnDeviceAt === null ? 0 : logCount((f.now - f.firstSeenOnDeviceAt) / HOUR_MS, 720),
    other_installations_log: logCount(f.otherInstallations, 5),
    events_log: logCount(f.realEvents, 500),
    jumps_log: logCount(f.jumps, 10),
    location_off: f.device && f.device.locationPermissionEnabled === false ? 1 : 0,
    accounts_log: logCount(f.graph.accountsOnDevice, 10),
    installations_log: logCount(f.graph.installationsOnDevice - 1, 10),
  };
}
