import type { DeclaredLocation } from '../address';
import type { DeviceReport } from '../device/device-report';
import type { AddressPresence } from '../fingerprint/address-presence';
import type { FingerprintPlace } from '../fingerprint/fingerprint-places';
import { distanceMetres } from '../geo/distance-metres';
import type { AddressDiversity } from '../graph/address-diversity';
import type { DeviceGraph } from '../graph/device-graph';
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

/** Feature names in model order, with the reason code each one stands for. */
export const SIGNUP_FEATURE_REASONS: Record<string, ReasonCode> = {
  events_log: 'address_verification',
  has_point: 'address_verification',
  near_share: 'address_verification',
  near_events_log: 'address_verification',
  near_days_log: 'address_verification',
  near_nights_log: 'address_verification',
  near_wifi_share: 'address_verification',
  jumps_log: 'device_integrity',
  nearest_distance_log: 'address_verification',
  last_distance_log: 'address_verification',
  home_distance_log: 'address_verification',
  no_home: 'address_verification',
  far_from_address: 'address_verification',
  uncertainty_log: 'address_verification',
  poor_address: 'address_verification',
  location_off: 'device_integrity',
  probable_root: 'device_integrity',
  accounts_log: 'multiple_accounts',
  installations_log: 'multiple_installations',
  other_addresses: 'multiple_address_streets',
  other_cities: 'multiple_address_cities',
  global_installations_log: 'multiple_installations',
};
export const SIGNUP_FEATURES = Object.keys(SIGNUP_FEATURE_REASONS);

/** log10(1 + metres): 0 m → 0, 100 m → 2, 10 km → 4, 1,000 km → 6. */
const logM = (m: number) => Math.log10(1 + Math.max(0, m));
/** Beyond this the device has clearly not been at the address. */
const FAR_M = 1_000;

/** Features of one signup; a missing distance is imputed from the nearest one we have, and flagged. */
export function signupFeatures(f: SignupFacts): Record<string, number> {
  const point = f.declared?.point ?? null;
  const p = f.presence;
  const nearest = p?.nearestM ?? null;
  const homeM = f.home && point ? distanceMetres(f.home, point) : nearest;
  return {
    events_log: Math.log1p(f.realEvents),
    has_point: point ? 1 : 0,
    near_share: p ? p.eventsNear / Math.max(1, p.eventsConsidered) : 0,
    near_events_log: Math.log1p(p?.eventsNear ?? 0),
    near_days_log: Math.log1p(p?.daysNear ?? 0),
    near_nights_log: Math.log1p(p?.nightsNear ?? 0),
    near_wifi_share: p && p.eventsNear > 0 ? p.wifiNear / p.eventsNear : 0,
    jumps_log: Math.log1p(f.jumps),
    nearest_distance_log: nearest === null ? 0 : logM(nearest),
    last_distance_log: p?.lastM == null ? 0 : logM(p.lastM),
    home_distance_log: homeM === null ? 0 : logM(homeM),
    no_home: f.home ? 0 : 1,
    far_from_address: nearest !== null && nearest > FAR_M ? 1 : 0,
    uncertainty_log: logM(f.declared?.uncertaintyM ?? 0),
    poor_address:
      f.declared && (f.declared.addressQuality === 'poor' || f.declared.geocodeQuality === 'poor') ? 1 : 0,
    location_off: f.device && f.device.locationPermissionEnabled === false ? 1 : 0,
    probable_root: f.device?.probableRoot ? 1 : 0,
    accounts_log: Math.log1p(f.graph.accountsOnDevice),
    installations_log: Math.log1p(f.graph.installationsOnDevice - 1),
    other_addresses: Math.max(0, f.diversity.addresses - 1),
    other_cities: Math.max(0, f.diversity.cities - 1),
    global_installations_log: Math.log1p(f.graph.global.installations),
  };
}
