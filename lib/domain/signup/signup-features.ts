import type { DeclaredLocation } from '../address';
import type { AddressPresence } from '../fingerprint/address-presence';
import type { FingerprintPlace } from '../fingerprint/fingerprint-places';
import { signalFeatures, type SignalIntegrity } from '../fingerprint/signal-integrity';
import { beyondAccuracyM, logCount, logMetres } from '../model/feature-scales';
import type { AddressDiversity } from '../graph/address-diversity';
import type { DeviceGraph } from '../graph/device-graph';
import type { FeatureSign } from '../model/sign-constrained-logistic';
import type { ReasonCode } from '../risk';

/** The facts a signup model looks at (all from the fingerprint, the device report and the graph). */
export interface SignupFacts {
  declared: DeclaredLocation | null;
  presence: AddressPresence | null;
  /** The device's trusted places (fingerprint-places.ts). */
  trusted: readonly FingerprintPlace[];
  signal: SignalIntegrity;
  graph: DeviceGraph;
  diversity: AddressDiversity;
}

/**
 * Feature names in model order, with the reason code each one stands for. Every feature is evidence a
 * real phone gives whatever its sampling, sources and schedule, bounded (shares, capped counts,
 * distances beyond the fixes' own accuracy, clipped): presence in days and nights (a workplace, a
 * foreground-only app and a night-shift worker all show it), how far the address is from where the
 * device stands, whether its signal looks real, the device graph. Not inputs, on purpose (docs/RISK.md
 * §4): the wifi share of fixes (0 on every GPS-only phone), "no nights at the address" and "no home"
 * (a workplace, a foreground-only app), event counts and shares (they follow the sampling rate: a GPS
 * logger records on the move), the distance of the newest fix (people sign up at work and on trips),
 * geocode quality (a coarse geocode makes the signup unknown_risk instead) and `probable_root`.
 */
export const SIGNUP_FEATURE_REASONS: Record<string, ReasonCode> = {
  day_share: 'address_verification',
  night_share: 'address_verification',
  recent_share: 'address_verification',
  near_days_log: 'address_verification',
  absent_days_log: 'address_verification',
  home_elsewhere_log: 'address_verification',
  anchor_distance_log: 'address_verification',
  nearest_distance_log: 'address_verification',
  jumps_log: 'device_integrity',
  synthetic_signals: 'device_integrity',
  signal_artefacts: 'device_integrity',
  source_conflict: 'device_integrity',
  extra_accounts_log: 'multiple_accounts',
  extra_installations_log: 'multiple_installations',
  other_addresses: 'multiple_address_streets',
  other_cities: 'multiple_address_cities',
  global_installations_log: 'multiple_installations',
};
export const SIGNUP_FEATURES = Object.keys(SIGNUP_FEATURE_REASONS);

/**
 * The features measured against the declared point. When that point is too coarse, missing or the
 * device has too few fixes (thin evidence), they say nothing: the probability leaves them out.
 */
export const SIGNUP_ADDRESS_FEATURES: readonly string[] = [
  'day_share',
  'night_share',
  'recent_share',
  'near_days_log',
  'absent_days_log',
  'home_elsewhere_log',
  'anchor_distance_log',
  'nearest_distance_log',
];

/**
 * The direction each feature may move the risk (training keeps the weights monotone): presence at the
 * address only lowers it; distance, a faked signal and graph fan-out only raise it.
 */
export const SIGNUP_FEATURE_SIGNS: Record<string, FeatureSign> = {
  day_share: -1,
  night_share: -1,
  recent_share: -1,
  near_days_log: -1,
  absent_days_log: 1,
  home_elsewhere_log: 1,
  anchor_distance_log: 1,
  nearest_distance_log: 1,
  jumps_log: 1,
  synthetic_signals: 1,
  signal_artefacts: 1,
  source_conflict: 1,
  extra_accounts_log: 1,
  extra_installations_log: 1,
  other_addresses: 1,
  other_cities: 1,
  global_installations_log: 1,
};

/**
 * Prior log-odds per unit, what we know before any training row: presence on the device's days and
 * nights, the distance of its places from the address, teleports and a scripted signal. Training pulls
 * the weights towards these (not to 0) where the rows are silent, e.g. for a kind of fraud or a kind of
 * phone they do not contain.
 */
export const SIGNUP_FEATURE_PRIORS: Record<string, number> = {
  day_share: -2,
  night_share: -1,
  recent_share: -1,
  absent_days_log: 0.5,
  home_elsewhere_log: 0.5,
  anchor_distance_log: 1,
  nearest_distance_log: 0.5,
  jumps_log: 0.7,
  synthetic_signals: 1.5,
  signal_artefacts: 1,
  source_conflict: 3,
};

/** A building and a doorstep: an address this close to where the device stands is the same place. */
const SAME_PLACE_M = 100;

/** Features of one signup. Without a trusted place, the anchor distance is the nearest cell's. */
export function signupFeatures(f: SignupFacts): Record<string, number> {
  const point = f.declared?.point ?? null;
  const p = f.presence;
  const uncertainty = f.declared?.uncertaintyM ?? 0;
  const nearest = p?.nearestBeyondAccuracyM ?? null;
  const anchor = point
    ? Math.min(
        ...f.trusted.map((place) => beyondAccuracyM(place, point, place.accM + uncertainty + SAME_PLACE_M)),
      )
    : Infinity;
  const nearestBeyond = nearest === null ? null : Math.max(0, nearest - uncertainty - SAME_PLACE_M);
  const dayShare = p ? p.daysNear / Math.max(1, p.activeDays) : 0;
  // Never near the address on any day or night: how many days say so, and whether the nights are spent
  // at a home of its own elsewhere (beyond its accuracy, the geocoder's and a building's size).
  const neverNear = p !== null && p.daysNear === 0 && p.nightsNear === 0;
  const home = f.trusted.find((place) => place.kind === 'home');
  const homeElsewhere =
    neverNear && point !== null && home !== undefined
      ? beyondAccuracyM(home, point, home.accM + uncertainty + SAME_PLACE_M) > 0
      : false;
  return {
    day_share: dayShare,
    // A phone never seen at night (a foreground-only app, a logger switched off at home) is judged by days.
    night_share: p && p.activeNights >= 2 ? p.nightsNear / p.activeNights : dayShare,
    recent_share: p ? p.recentDaysNear / Math.max(1, p.recentDays) : 0,
    near_days_log: logCount(p?.daysNear ?? 0, 14),
    absent_days_log: neverNear ? logCount(p.activeDays, 14) : 0,
    home_elsewhere_log: homeElsewhere && home ? logCount(home.nights, 14) : 0,
    anchor_distance_log: logMetres(Number.isFinite(anchor) ? anchor : (nearestBeyond ?? 0)),
    nearest_distance_log: logMetres(nearestBeyond ?? 0),
    ...signalFeatures(f.signal),
    // Graded checks (signal-integrity.ts), signups only: a spoofing app switched on hours before.
    signal_artefacts: Math.min(3, f.signal.artefactScore),
    extra_accounts_log: logCount(f.graph.accountsOnDevice - 2, 10),
    extra_installations_log: logCount(f.graph.installationsOnDevice - 2, 10),
    other_addresses: Math.min(5, Math.max(0, f.diversity.addresses - 1)),
    other_cities: Math.min(5, Math.max(0, f.diversity.cities - 1)),
    global_installations_log: logCount(f.graph.global.installations, 10),
  };
}
