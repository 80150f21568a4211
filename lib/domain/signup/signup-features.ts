import type { DeclaredLocation } from '../address';
import type { DeviceReport } from '../device/device-report';
import type { AddressPresence } from '../fingerprint/address-presence';
import type { FingerprintPlace } from '../fingerprint/fingerprint-places';
import { distanceMetres } from '../geo/distance-metres';
import type { AddressDiversity } from '../graph/address-diversity';
import type { DeviceGraph } from '../graph/device-graph';
import type { FeatureSign } from '../model/sign-constrained-logistic';
import type { ReasonCode } from '../risk';

/** The facts a signup model looks at (all from the fingerprint, the device report and the graph). */
export interface SignupFacts {
  declared: DeclaredLocation | null;
  presence: AddressPresence | null;
  home: FingerprintPlace | null;
  realEvents: number;
  jumps: number;
  device: DeviceReport | null;
  graph: DeviceGraph;
  diversity: AddressDiversity;
}

/**
 * Feature names in model order, with the reason code each one stands for. Every feature is location,
 * device-graph or address evidence, bounded (shares, capped counts, distances clipped at CLIP_M), so
 * that no single fact a population we did not write may carry differently (more fixes, a rooted phone,
 * a trip) can push the score without limit. Not inputs, on purpose: the fix count (a sparse phone is not
 * a fraudster), the distance of the newest fix (people sign up on trips and at work) and
 * `probable_root` (honest users root their phones; it stays in the device_integrity evidence).
 */
export const SIGNUP_FEATURE_REASONS: Record<string, ReasonCode> = {
  has_point: 'address_verification',
  near_share: 'address_verification',
  near_events_log: 'address_verification',
  near_days_log: 'address_verification',
  near_nights_log: 'address_verification',
  near_wifi_share: 'address_verification',
  jumps_log: 'device_integrity',
  nearest_distance_log: 'address_verification',
  home_distance_log: 'address_verification',
  no_home: 'address_verification',
  moved_in: 'address_verification',
  far_from_address: 'address_verification',
  uncertainty_log: 'address_verification',
  poor_address: 'address_verification',
  location_off: 'device_integrity',
  accounts_log: 'multiple_accounts',
  installations_log: 'multiple_installations',
  other_addresses: 'multiple_address_streets',
  other_cities: 'multiple_address_cities',
  global_installations_log: 'multiple_installations',
};
export const SIGNUP_FEATURES = Object.keys(SIGNUP_FEATURE_REASONS);

/**
 * The direction each feature may move the risk (training keeps the weights monotone): presence at the
 * address only lowers it, distance and graph fan-out only raise it; 0 leaves the sign to the data.
 */
export const SIGNUP_FEATURE_SIGNS: Record<string, FeatureSign> = {
  has_point: 0,
  near_share: -1,
  near_events_log: -1,
  near_days_log: -1,
  near_nights_log: -1,
  near_wifi_share: -1,
  jumps_log: 1,
  nearest_distance_log: 1,
  home_distance_log: 1,
  no_home: 1,
  moved_in: -1,
  far_from_address: 1,
  uncertainty_log: 0,
  poor_address: 0,
  location_off: 0,
  accounts_log: 1,
  installations_log: 1,
  other_addresses: 1,
  other_cities: 1,
  global_installations_log: 1,
};

/**
 * Prior log-odds per unit, what we know before any training row: each night at the address, its share
 * of the fixes and the distance of the device's home from it matter. Training pulls the weights towards
 * these (not to 0) where the rows are silent, e.g. for a kind of fraud they do not contain.
 */
export const SIGNUP_FEATURE_PRIORS: Record<string, number> = {
  near_share: -2,
  near_nights_log: -1,
  home_distance_log: 1,
  nearest_distance_log: 0.5,
};

/** Distances are clipped here: 100 km or 1,000 km away says the same thing about living at an address. */
export const CLIP_M = 100_000;
/** log10(1 + metres), clipped: 0 m → 0, 100 m → 2, 10 km → 4, ≥ 100 km → 5. */
const logM = (m: number) => Math.log10(1 + Math.min(CLIP_M, Math.max(0, m)));
/** log(1 + count), with the count capped: beyond `cap` more of the same adds nothing. */
const logCount = (n: number, cap: number) => Math.log1p(Math.min(cap, Math.max(0, n)));
/** Beyond this the device has clearly not been at the address. */
const FAR_M = 1_000;

/**
 * The device moved to the declared address: it spent a night there, a wifi scan saw it there (a
 * spoofing app fakes GPS, not wifi), and it was last there after it was last at its historical home
 * (the place with most nights, which for someone who just moved is still the old one).
 */
export function movedIn(p: AddressPresence | null, home: FingerprintPlace | null): boolean {
  if (!p || !home || p.lastNearAt === null) return false;
  return p.nightsNear >= 1 && p.wifiNear >= 1 && p.lastNearAt > home.last;
}

/** Features of one signup; a missing distance is imputed from the nearest one we have, and flagged. */
export function signupFeatures(f: SignupFacts): Record<string, number> {
  const point = f.declared?.point ?? null;
  const p = f.presence;
  const nearest = p?.nearestM ?? null;
  const moved = movedIn(p, f.home);
  // Someone who just moved in lives at the address, whatever the old home's nights say.
  const homeM = f.home && point && !moved ? distanceMetres(f.home, point) : nearest;
  return {
    has_point: point ? 1 : 0,
    near_share: p ? p.eventsNear / Math.max(1, p.eventsConsidered) : 0,
    near_events_log: logCount(p?.eventsNear ?? 0, 200),
    near_days_log: logCount(p?.daysNear ?? 0, 14),
    near_nights_log: logCount(p?.nightsNear ?? 0, 14),
    near_wifi_share: p && p.eventsNear > 0 ? p.wifiNear / p.eventsNear : 0,
    jumps_log: logCount(f.jumps, 10),
    nearest_distance_log: nearest === null ? 0 : logM(nearest),
    home_distance_log: homeM === null ? 0 : logM(homeM),
    no_home: f.home ? 0 : 1,
    moved_in: moved ? 1 : 0,
    far_from_address: nearest !== null && nearest > FAR_M ? 1 : 0,
    uncertainty_log: logM(f.declared?.uncertaintyM ?? 0),
    poor_address:
      f.declared && (f.declared.addressQuality === 'poor' || f.declared.geocodeQuality === 'poor') ? 1 : 0,
    location_off: f.device && f.device.locationPermissionEnabled === false ? 1 : 0,
    accounts_log: logCount(f.graph.accountsOnDevice, 10),
    installations_log: logCount(f.graph.installationsOnDevice - 1, 10),
    other_addresses: Math.min(5, Math.max(0, f.diversity.addresses - 1)),
    other_cities: Math.min(5, Math.max(0, f.diversity.cities - 1)),
    global_installations_log: logCount(f.graph.global.installations, 10),
  };
}
