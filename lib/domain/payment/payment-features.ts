import type { DeviceReport } from '../device/device-report';
import type { LastFix } from '../fingerprint/location-fingerprint';
import type { DeviceGraph } from '../graph/device-graph';
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
  amount: number | null;
  device: DeviceReport | null;
  graph: DeviceGraph;
}

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
  amount_log: 'machine_learning_model',
  is_login: 'machine_learning_model',
  location_off: 'device_integrity',
  probable_root: 'device_integrity',
  accounts_log: 'multiple_accounts',
  installations_log: 'multiple_installations',
};
export const PAYMENT_FEATURES = Object.keys(PAYMENT_FEATURE_REASONS);

const logM = (m: number) => Math.log10(1 + Math.max(0, m));
const HOUR_MS = 3_600_000;

export function paymentFeatures(f: PaymentFacts): Record<string, number> {
  return {
    has_location: f.current ? 1 : 0,
    trusted_distance_log: f.distanceToTrustedM === null ? 0 : logM(f.distanceToTrustedM),
    no_trusted: f.distanceToTrustedM === null ? 1 : 0,
    trusted_places_log: Math.log1p(f.trustedPlaces),
    elsewhere_distance_log: f.elsewhereDistanceM === null ? 0 : logM(f.elsewhereDistanceM),
    no_elsewhere: f.elsewhereDistanceM === null ? 1 : 0,
    address_distance_log: f.addressToTrustedM === null ? 0 : logM(f.addressToTrustedM),
    no_address: f.addressToTrustedM === null ? 1 : 0,
    fix_age_log: f.current ? Math.log1p(Math.max(0, f.now - f.current.ts) / HOUR_MS) : 0,
    known_account: f.knownAccount ? 1 : 0,
    account_age_log:
      f.firstSeenOnDeviceAt === null ? 0 : Math.log1p(Math.max(0, f.now - f.firstSeenOnDeviceAt) / HOUR_MS),
    other_installations_log: Math.log1p(f.otherInstallations),
    events_log: Math.log1p(f.realEvents),
    amount_log: Math.log1p(f.amount ?? 0),
    is_login: f.type === 'login' ? 1 : 0,
    location_off: f.device && f.device.locationPermissionEnabled === false ? 1 : 0,
    probable_root: f.device?.probableRoot ? 1 : 0,
    accounts_log: Math.log1p(f.graph.accountsOnDevice),
    installations_log: Math.log1p(f.graph.installationsOnDevice - 1),
  };
}
