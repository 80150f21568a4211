/** The simulator's data model: plain values, so a population can be written to JSON and replayed. */

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

export type ScenarioName = FraudScenario | HonestScenario | HardHonestScenario;
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

export interface SimEvent extends LatLng {
  /** Epoch milliseconds. */
  ts: number;
  accuracy_m: number;
  source: EventSource;
  mock: boolean;
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
}

export interface Population {
  seed: string;
  /** The injected "now" of the simulation, epoch ms: no event is later than it. */
  now: number;
  devices: SimulatedDevice[];
}
