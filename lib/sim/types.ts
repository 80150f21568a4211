/** The simulator's data model: plain values, so a population can be written to JSON and replayed. */
import type { GeoHouseNumbersTable, GeoStreetsTable } from '../db/schema/geodata';

export interface LatLng {
  lat: number;
  lng: number;
}

export const FRAUD_SCENARIOS = [
  'remote_signup_2km',
  'remote_signup_20km',
  'remote_signup_500km',
  'gps_spoofing',
  'emulator',
  'device_farm',
  'account_takeover',
] as const;
export type FraudScenario = (typeof FRAUD_SCENARIOS)[number];

export const HONEST_SCENARIOS = [
  'honest',
  'honest_sparse',
  'honest_no_permission',
  'honest_address_typos',
  'honest_new_device',
] as const;
export type HonestScenario = (typeof HONEST_SCENARIOS)[number];

/** Honest scenarios only the `hard` population draws (lib/sim/realism.ts). */
export const HARD_HONEST_SCENARIOS = ['honest_traveller', 'honest_moved', 'honest_noisy_sensors'] as const;
export type HardHonestScenario = (typeof HARD_HONEST_SCENARIOS)[number];

/** Honest lives of the world model (lib/sim/world, docs/SIMULATOR.md). */
export const WORLD_HONEST_SCENARIOS = [
  'honest_office',
  'honest_night_shift',
  'honest_student',
  'honest_courier',
  'honest_homebody',
  'honest_declares_work',
  'honest_traveller',
  'honest_moved',
  'honest_shared_device',
  'honest_new_device',
  'honest_reinstall',
] as const;
export type WorldHonestScenario = (typeof WORLD_HONEST_SCENARIOS)[number];

/** Fraud of the world model: real phones from the same distributions as honest ones, flags off unless named. */
export const WORLD_FRAUD_SCENARIOS = [
  'remote_signup_neighbour',
  'remote_signup_2km',
  'remote_signup_20km',
  'remote_signup_far',
  'visited_once',
  'emulator',
  'emulator_hidden',
  'gps_spoofing',
  'spoofing_hidden',
  'device_farm',
  'account_takeover',
  'account_takeover_local',
] as const;
export type WorldFraudScenario = (typeof WORLD_FRAUD_SCENARIOS)[number];

export type ScenarioName =
  FraudScenario | HonestScenario | HardHonestScenario | WorldHonestScenario | WorldFraudScenario;
export type Label = 'honest' | 'fraud';
export type EventSource = 'gps' | 'wifi' | 'cell' | 'fused';

/** The `device` object of the SDK ingestion contract. */
export interface DeviceInfo {
  model: string;
  os: 'android' | 'ios';
  os_version: string;
  app_version: string;
  location_permission_enabled: boolean;
  location_sensors_enabled: boolean;
  probable_root: boolean;
  emulator: boolean;
  gps_spoofing: boolean;
  from_official_store: boolean;
}

/** Optional signal fields a richer SDK sends with a fix (PRODUCT.md: additive, never required). */
export interface FixSignals {
  speed_mps?: number;
  altitude_m?: number;
  bearing_deg?: number;
  vertical_accuracy_m?: number;
  /** The device's monotonic clock (ms since boot). */
  elapsed_realtime_ms?: number;
  wifi_networks?: number;
  cell_networks?: number;
}

export interface SimEvent extends LatLng, FixSignals {
  /** Epoch milliseconds. */
  ts: number;
  /** Null when the source gives none (a GPS logger's file). */
  accuracy_m: number | null;
  source: EventSource;
  mock: boolean;
  /** Simulator truth, never sent: this fix is a wrong jump (a bad wifi geolocation, a GNSS spike). */
  outlier?: true;
}

/** How an SDK writes `ts`: ISO 8601 in UTC, ISO 8601 with the phone's local offset, or epoch milliseconds. */
export type TimestampStyle = 'iso_utc' | 'iso_local' | 'epoch_ms';

/** One ingestion request as the phone sends it: when it arrives and what it carries (maybe unsorted, maybe again). */
export interface Upload {
  at: number;
  events: SimEvent[];
  tsStyle: TimestampStyle;
}

/** What a world-model device is, for grouping results: never sent to the service. */
export interface DeviceTraits {
  world: string;
  life: string;
  phone: string;
  app: string;
  /** IANA zone of the phone's home (for `iso_local` timestamps). */
  zone: string;
}

/** The spec's structured_address (§2.5); every member a string. */
export interface StructuredAddress {
  locale: string;
  country_name: string;
  country_code: string;
  state: string;
  city: string;
  borough: string;
  neighborhood: string;
  street: string;
  number: string;
  complements: string;
  postal_code: string;
}

/** An address as a client would declare it: any of the three forms may be absent. */
export interface DeclaredAddress {
  address_line?: string;
  structured_address?: StructuredAddress;
  address_coordinates?: LatLng;
}

/** A real address with its true position, before a client decides which forms to send. */
export interface Address {
  structured: StructuredAddress;
  line: string;
  coordinates: LatLng;
}

export interface SimPayment {
  ts: number;
  kind: 'payment' | 'login';
  /** Where the device is when it pays; null when location is off. */
  location: LatLng | null;
  addresses: { type: 'home' | 'shipping' | 'billing'; address: DeclaredAddress }[];
  payment_value: { amount: number; currency: string } | null;
  payment_methods: {
    type: 'credit_card' | 'debit_card';
    info: { bin: string; last_four_digits: string; expiry_year: string; expiry_month: string };
  }[];
  label: Label;
  scenario: ScenarioName;
  /** World model: the person is at the declared address (within 200 m) when paying. */
  atHome?: boolean;
}

export type FeedbackTarget =
  | { kind: 'signup' }
  | { kind: 'payment'; paymentIndex: number }
  | { kind: 'account' }
  | { kind: 'installation' };

export interface SimFeedback {
  ts: number;
  event: string;
  target: FeedbackTarget;
}

/** What the simulator knows and the service must infer: where the device really lives. */
export interface GroundTruth {
  home: LatLng | null;
  work: LatLng | null;
  leisure: LatLng[];
  /** Distance in metres from the device's real home to the declared address, when there is one. */
  declaredDistanceM: number | null;
}

/** One app installation and everything it does during the simulation. */
export interface SimulatedDevice {
  installationId: string;
  deviceId: string;
  accountId: string;
  device: DeviceInfo;
  /** Sorted by ts. */
  events: SimEvent[];
  /** The address declared at signup; null when this installation never signs up (an account-takeover device). */
  declaredAddress: DeclaredAddress | null;
  signupAt: number | null;
  scenario: ScenarioName;
  label: Label;
  payments: SimPayment[];
  feedback: SimFeedback[];
  truth: GroundTruth;
  /** Devices of phase 1 are driven after every device of phase 0 (an account takeover needs its victim first). */
  phase: 0 | 1;
  /**
   * World model: how the events reach the service (batches, late, duplicated, out of order, in mixed
   * timestamp styles). Absent: each stretch of events is sent, sorted, just before the next action.
   */
  uploads?: Upload[];
  traits?: DeviceTraits;
  /** World model: the person is at the declared address (within 200 m) when signing up. */
  signupAtHome?: boolean;
}

export interface Population {
  seed: string;
  /** The injected "now" of the simulation, epoch ms: no event is later than it. */
  now: number;
  devices: SimulatedDevice[];
  /** World model: the street index its city's OpenStreetMap extract would give (imported before assessing). */
  geodata?: { streets: GeoStreetsTable[]; houseNumbers: GeoHouseNumbersTable[] };
}
