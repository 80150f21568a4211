import type { LastFix } from '../fingerprint/location-fingerprint';
import { signalFeatures, type SignalIntegrity } from '../fingerprint/signal-integrity';
import type { DeviceGraph } from '../graph/device-graph';
import { logCount, logMetres } from '../model/feature-scales';
import type { FeatureSign } from '../model/sign-constrained-logistic';
import type { ReasonCode } from '../risk';

/**
 * The facts a payment/login model looks at. Distances are metres beyond the accuracy of the fixes and
 * places they join (a payment 14 m from home is at home), null when unknown.
 */
export interface PaymentFacts {
  current: LastFix | null;
  now: number;
  /** From the current fix to the nearest trusted place of the account (this device and its others). */
  distanceToTrustedM: number | null;
  trustedPlaces: number;
  /** From the current fix to the nearest trusted place of the account's other installations only. */
  elsewhereDistanceM: number | null;
  /** From this device's own trusted places to the nearest of the account's other installations'. */
  deviceToAccountM: number | null;
  /** Share of this installation's standing events away from every place of the account's others (device-away-share.ts). */
  awayFromAccountShare: number | null;
  /**
   * From the payment's precisely geocoded address farthest from the account's places (where the goods
   * go: a drop across town, not the billing address at home) to the account's nearest trusted place.
   */
  addressToTrustedM: number | null;
  /** The device has a home: a place where it spent nights (fingerprint-places.ts). */
  sleepsSomewhere: boolean;
  /** Precisely geocoded addresses of the payment this device has never been at (address-presence.ts). */
  unvisitedAddresses: number;
  firstSeenOnDeviceAt: number | null;
  otherInstallations: number;
  realEvents: number;
  signal: SignalIntegrity;
  graph: DeviceGraph;
}

/**
 * Feature names in model order, with their reason codes: where the device is against the account's
 * trusted places, whether this device lives where the account's other devices live (their places, and
 * the share of its stays away from them), where the goods go and whether a device that sleeps somewhere
 * was ever at those addresses, how well the device knows the account, whether its signal looks real, the device graph. All
 * bounded. Familiarity features stand for the model itself (`machine_learning_model`): no other code
 * says "the account is new here". Not inputs, on purpose: the amount and whether it is a login (how our
 * simulator draws fraud), `probable_root`, location permission (docs/RISK.md §4).
 */
export const PAYMENT_FEATURE_REASONS: Record<string, ReasonCode> = {
  has_location: 'trusted_location',
  trusted_distance_log: 'trusted_location',
  no_trusted: 'trusted_location',
  trusted_places_log: 'trusted_location',
  elsewhere_distance_log: 'trusted_location',
  no_elsewhere: 'machine_learning_model',
  device_account_distance_log: 'trusted_location',
  device_away_share: 'trusted_location',
  address_distance_log: 'address_verification',
  address_unvisited: 'address_verification',
  fix_age_log: 'machine_learning_model',
  account_age_log: 'machine_learning_model',
  other_installations_log: 'machine_learning_model',
  events_log: 'machine_learning_model',
  jumps_log: 'device_integrity',
  synthetic_signals: 'device_integrity',
  source_conflict: 'device_integrity',
  extra_accounts_log: 'multiple_accounts',
  extra_installations_log: 'multiple_installations',
};
export const PAYMENT_FEATURES = Object.keys(PAYMENT_FEATURE_REASONS);

/**
 * The direction each feature may move the risk (training keeps the weights monotone): distance from the
 * account's places only raises it, and so do teleports and a faked signal; familiarity (trusted places,
 * the account's age on the device, history on the device) only lowers it; 0 leaves the sign to the data
 * (indicators of missing values, the age of the fix).
 */
export const PAYMENT_FEATURE_SIGNS: Record<string, FeatureSign> = {
  has_location: 0,
  trusted_distance_log: 1,
  no_trusted: 1,
  trusted_places_log: -1,
  elsewhere_distance_log: 1,
  no_elsewhere: -1,
  device_account_distance_log: 1,
  device_away_share: 1,
  address_distance_log: 1,
  address_unvisited: 1,
  fix_age_log: 0,
  account_age_log: -1,
  other_installations_log: 1,
  events_log: -1,
  jumps_log: 1,
  synthetic_signals: 1,
  source_conflict: 1,
  extra_accounts_log: 1,
  extra_installations_log: 1,
};

/**
 * Prior log-odds per unit (see SIGNUP_FEATURE_PRIORS): a fix far from every place the account trusts,
 * on a device that lives somewhere else than the account's other devices, new to the account, is the
 * account-takeover pattern even when no training row shows it.
 */
export const PAYMENT_FEATURE_PRIORS: Record<string, number> = {
  trusted_distance_log: 0.7,
  elsewhere_distance_log: 0.7,
  device_account_distance_log: 0.7,
  device_away_share: 1.5,
  address_distance_log: 0.3,
  account_age_log: -0.3,
  jumps_log: 0.7,
  synthetic_signals: 1.5,
  source_conflict: 3,
};

const HOUR_MS = 3_600_000;

/** A device the account is new to: first seen with it less than this long ago. */
export const NEW_DEVICE_MS = 24 * HOUR_MS;
/** …paying farther than this from every place the account's other installations trust. */
export const UNFAMILIAR_DEVICE_MIN_M = 5_000;
/** …or farther than this, when it also stood this share of its time away from all of them. */
export const AWAY_DEVICE_MIN_M = 2_000;
export const AWAY_DEVICE_MIN_SHARE = 0.8;

/**
 * The account-takeover pattern as a rule (payment-verdict.ts): the account lives on other installations,
 * this device is new to it, and it pays far from every place those installations trust — or, in the
 * account's own city, a couple of kilometres away while it has stood almost only away from them (a new
 * phone of the same person sleeps and works where the old one did; an attacker's stays at the
 * attacker's places). A rule, not a learned weight, because it must hold for takeovers no training
 * population showed (leave-one-out). Read from the features so that rules and model see the same numbers.
 */
export function unfamiliarDeviceFarAway(features: Readonly<Record<string, number>>): boolean {
  const away = features.elsewhere_distance_log ?? 0;
  return (
    features.no_elsewhere === 0 &&
    (features.account_age_log ?? Infinity) < logCount(NEW_DEVICE_MS / HOUR_MS, 720) &&
    (away > logMetres(UNFAMILIAR_DEVICE_MIN_M) ||
      (away > logMetres(AWAY_DEVICE_MIN_M) && (features.device_away_share ?? 0) >= AWAY_DEVICE_MIN_SHARE))
  );
}

export function paymentFeatures(f: PaymentFacts): Record<string, number> {
  return {
    has_location: f.current ? 1 : 0,
    trusted_distance_log: logMetres(f.distanceToTrustedM ?? 0),
    no_trusted: f.trustedPlaces === 0 ? 1 : 0,
    trusted_places_log: logCount(f.trustedPlaces, 20),
    elsewhere_distance_log: logMetres(f.elsewhereDistanceM ?? 0),
    no_elsewhere: f.elsewhereDistanceM === null ? 1 : 0,
    device_account_distance_log: logMetres(f.deviceToAccountM ?? 0),
    device_away_share: f.awayFromAccountShare ?? 0,
    address_distance_log: logMetres(f.addressToTrustedM ?? 0),
    // Only for a device that sleeps somewhere: an app that reports by day only (a courier's, a
    // foreground one) may never see its owner's home, and a phone installed an hour ago has been nowhere.
    address_unvisited: f.unvisitedAddresses > 0 && f.sleepsSomewhere ? 1 : 0,
    fix_age_log: f.current ? logCount((f.now - f.current.ts) / HOUR_MS, 48) : 0,
    account_age_log: accountAgeLog(f),
    other_installations_log: logCount(f.otherInstallations, 5),
    events_log: logCount(f.realEvents, 500),
    ...signalFeatures(f.signal),
    extra_accounts_log: logCount(f.graph.accountsOnDevice - 2, 10),
    extra_installations_log: logCount(f.graph.installationsOnDevice - 2, 10),
  };
}

/**
 * How long the account has been on this device (capped at 30 days: an older account on the device is
 * not more honest than a month-old one); 0 the first time it is seen here. An account seen here for the
 * first time that lives on no other installation has no other home to be new against (its first payment
 * from a phone after a signup on the web): it counts as settled. Whether the account was seen here
 * before and whether the payment carries an address are not features: every simulated payment follows a
 * signup on its device and carries an address, so the model would learn that their absence is fraud.
 */
function accountAgeLog(f: PaymentFacts): number {
  const capHours = 720;
  if (f.firstSeenOnDeviceAt === null) return f.otherInstallations === 0 ? logCount(capHours, capHours) : 0;
  return logCount((f.now - f.firstSeenOnDeviceAt) / HOUR_MS, capHours);
}
