/**
 * The one table of labels for "why this verdict": each model feature and each reason code states a
 * fact, in plain words, from the value the engine used and the evidence of the same assessment. Facts
 * never carry a direction of their own ("away from…", "not verified"): the direction comes from the
 * engine (a contribution's sign, a rule, the verdict a reason explains) and is added by `reasonLabel`,
 * so a label cannot say the opposite of the numbers beside it.
 */
import { CLIP_M } from '../domain/model/feature-scales';
import { formatMetres, formatPercent } from './format';

export type Direction = 'raises' | 'lowers';

export interface FactContext {
  /** The feature's value as the model saw it; null for a reason code without a feature. */
  value: number | null;
  evidence: Readonly<Record<string, unknown>>;
  /** For reason codes: whose data it was ('local' or 'global'). */
  source?: string;
  /** The model's probability, when the engine stored it. */
  probability?: number | null;
}

type Fact = (c: FactContext) => string;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
/** Inverse of the model's log10(1 + metres). */
const metresOf = (v: number) => Math.max(0, 10 ** v - 1);
/** The clip as a stored feature value: explanations keep values to 4 decimals (risk-model.ts). */
const CLIPPED_VALUE = Math.log10(1 + CLIP_M) - 0.5e-4;
/**
 * A distance read back from a feature value. The model clips distances at CLIP_M, so a value at the
 * clip says "at least that far", not how far: printed as the distance, 336 km would read "100 km (99,999 m)".
 */
const featureMetres = (v: number) =>
  v >= CLIPPED_VALUE ? `${(CLIP_M / 1000).toLocaleString('en')} km or more` : formatMetres(metresOf(v));
/** Inverse of log(1 + min(cap, n)); a capped count reads "cap or more". */
const countOf = (v: number, cap: number, one: string, many?: string) => {
  const n = Math.round(Math.expm1(v));
  return n >= cap ? `${cap} or more ${many ?? `${one}s`}` : plural(n, one, many);
};
const yes = (c: FactContext) => (c.value ?? 0) >= 0.5;
const flag =
  (truth: string, falsehood: string): Fact =>
  (c) =>
    yes(c) ? truth : falsehood;
/**
 * The distance behind a log-distance feature: the evidence's exact metres when it has them, else the
 * feature value read back. A value of exactly 0 is how the model encodes "no distance known" (its
 * paired no_… indicator is set), so it reads as unknown, never as "0 m".
 */
const metres = (key: string | null, c: FactContext): string | null => {
  const exact = key ? num(c.evidence[key]) : null;
  if (exact !== null) return formatMetres(exact);
  return c.value === null || c.value === 0 ? null : featureMetres(c.value);
};
const distanceFact =
  (key: string | null, known: (m: string) => string, unknown: string): Fact =>
  (c) => {
    const m = metres(key, c);
    return m === null ? unknown : known(m);
  };

/** A log-distance beyond the fixes' accuracy, where 0 means "within it" (not "unknown"). */
const beyondAccuracy =
  (known: (m: string) => string, within: string): Fact =>
  (c) =>
    metresOf(c.value ?? 0) < 1 ? within : known(featureMetres(c.value ?? 0));

function nearEvents(c: FactContext): string {
  const near = num(c.evidence.location_events_near_address);
  const total = num(c.evidence.location_events_quantity);
  if (near === null) return 'No location events to compare with the address';
  return `${near.toLocaleString('en')}${total !== null ? ` of ${total.toLocaleString('en')}` : ''} location events within 150 m of the address`;
}

function addressVerification(c: FactContext): string {
  const nearest = num(c.evidence.distance_from_nearest_location_to_declared_address);
  return nearest === null ? nearEvents(c) : `${nearEvents(c)}; nearest ${formatMetres(nearest)} away`;
}

const trustedDistance = distanceFact(
  'distance_to_trusted_location',
  (m) => `Current location ${m} from the account's nearest trusted place`,
  'No trusted place of the account to compare the current location with',
);

const INTEGRITY_FLAGS: [string, string][] = [
  ['emulator', 'emulator'],
  ['gps_spoofing', 'GPS spoofing'],
  ['probable_root', 'rooted / jailbroken'],
];

function deviceIntegrity(c: FactContext): string {
  const flags = (c.evidence.device_integrity ?? {}) as Record<string, unknown>;
  const found = INTEGRITY_FLAGS.filter(([key]) => flags[key] === true).map(([, label]) => label);
  return found.length
    ? `The device reports: ${found.join(', ')}`
    : 'No integrity problem reported by the device';
}

const accounts: Fact = (c) => {
  const n = num(c.evidence.accessed_accounts);
  return n !== null
    ? `${plural(n, 'account')} used on this device`
    : `${countOf(c.value ?? 0, 10, 'account')} used on this device`;
};
const installations: Fact = (c) =>
  `${countOf(c.value ?? 0, 10, 'other installation')} of the app on this device`;
const addresses =
  (what: string): Fact =>
  (c) => {
    const n = num(c.evidence.different_declared_addresses);
    return `${n === null ? 'Several' : plural(n, 'address', 'addresses')} declared from this device (${what})`;
  };

/**
 * Keyed by model feature (lib/domain/signup/signup-features.ts, lib/domain/payment/payment-features.ts)
 * or by reason code (lib/domain/risk.ts). A feature the table does not know falls back to its reason code.
 */
export const FACTS: Record<string, Fact> = {
  // Reason codes: rules and the reasons list when no explanation is stored.
  address_verification: addressVerification,
  trusted_location: trustedDistance,
  device_integrity: deviceIntegrity,
  multiple_accounts: accounts,
  multiple_installations: (c) => {
    const n = num(c.evidence.app_reinstallations);
    return n !== null ? `${plural(n, 'reinstallation')} of the app on this device` : installations(c);
  },
  multiple_address_cities: addresses('different cities'),
  multiple_address_streets: addresses('different streets'),
  multiple_address_zip_codes: addresses('different postal codes'),
  high_density_location: () => 'Seen where many devices are (a high-density location)',
  machine_learning_model: (c) =>
    c.probability === null || c.probability === undefined
      ? 'The risk model’s score'
      : `The risk model’s score: ${formatPercent(c.probability)} probability of fraud`,
  device_reputation: (c) =>
    `Fraud on this device was confirmed ${c.source === 'global' ? 'by another organisation' : 'by your organisation’s feedback'}`,

  // Signup model features.
  has_point: flag('The address was placed on the map', 'The address could not be placed on the map'),
  near_share: (c) =>
    num(c.evidence.location_events_near_address) !== null
      ? nearEvents(c)
      : `${formatPercent(c.value)} of the device's location events within 150 m of the address`,
  near_events_log: (c) => {
    const n = num(c.evidence.location_events_near_address);
    return `${n !== null ? plural(n, 'location event') : countOf(c.value ?? 0, 200, 'location event')} within 150 m of the address`;
  },
  near_days_log: (c) => `${countOf(c.value ?? 0, 14, 'day')} with a location within 150 m of the address`,
  near_nights_log: (c) => `${countOf(c.value ?? 0, 14, 'night')} spent within 150 m of the address`,
  near_wifi_share: (c) => `${formatPercent(c.value)} of the events at the address seen by a wifi scan`,
  jumps_log: (c) => `${countOf(c.value ?? 0, 10, 'impossible jump')} in the location history`,
  nearest_distance_log: (c) => {
    const m = metres('distance_from_nearest_location_to_declared_address', c);
    return m === null
      ? 'No location known to compare with the address'
      : `Nearest location ever ${m} from the address`;
  },
  home_distance_log: (c) =>
    `The device's home (where it spends its nights) is ${featureMetres(c.value ?? 0)} from the address`,
  no_home: flag(
    'No home place yet (fewer than 2 nights in one place)',
    'The device has a home place (2 or more nights in one place)',
  ),
  moved_in: flag(
    'Moved in: a night and a wifi scan at the address, after the last night at the old home',
    'No sign of having moved to the address',
  ),
  far_from_address: flag('Never within 1 km of the address', 'Has been within 1 km of the address'),
  uncertainty_log: (c) => `The address is placed to within ${featureMetres(c.value ?? 0)}`,
  poor_address: flag(
    'The address is incomplete or matched poorly',
    'The address is complete and matched well',
  ),
  location_off: flag('Location permission is off', 'Location permission is on'),
  accounts_log: accounts,
  installations_log: installations,
  other_addresses: (c) =>
    `${countOf(Math.log1p(c.value ?? 0), 5, 'other address', 'other addresses')} declared from this device`,
  other_cities: (c) =>
    `${countOf(Math.log1p(c.value ?? 0), 5, 'other city', 'other cities')} among the addresses declared from this device`,
  global_installations_log: (c) =>
    `${countOf(c.value ?? 0, 10, 'installation')} of this device in other organisations`,

  // Signup model features of the issue-10 engine (the ones above stay for explanations stored before).
  day_share: (c) => `Near the address on ${formatPercent(c.value)} of the days the device stood anywhere`,
  night_share: (c) =>
    `Near the address on ${formatPercent(c.value)} of the device's nights (of its days, when it has no nights)`,
  recent_share: (c) => `Near the address on ${formatPercent(c.value)} of its 7 most recent active days`,
  absent_days_log: (c) =>
    (c.value ?? 0) === 0
      ? 'The device stood near the address on some day or night, or has no days to count'
      : `Never near the address on any of its ${countOf(c.value ?? 0, 14, 'active day')}`,
  home_elsewhere_log: (c) =>
    (c.value ?? 0) === 0
      ? 'No home elsewhere: the device has no nights elsewhere while never near the address'
      : `Spends its nights elsewhere (${countOf(c.value ?? 0, 14, 'night')} at a home away from the address) and was never near the address`,
  anchor_distance_log: beyondAccuracy(
    (m) => `The address is ${m} beyond accuracy from the device's nearest trusted place`,
    'The address is at one of the device’s places, within the accuracy of its fixes',
  ),
  synthetic_signals: (c) =>
    `${plural(Math.round(c.value ?? 0), 'synthetic-signal check')} held on the recent fixes (metronome timing, a few accuracy values, frozen coordinates, forged clock, no radio, zero altitude, one source)`,
  signal_artefacts: (c) => {
    // The grade as shown (one decimal): at 0.0 the fixes show no script-like trait, whichever way it pushed.
    const grade = (c.value ?? 0).toFixed(1);
    return grade === '0.0'
      ? 'Recent fixes show no script-like trait (graded 0.0 of 3: accuracy values, coordinates, sources, timing)'
      : `Recent fixes show script-like traits, graded ${grade} of 3 (accuracy values, coordinates, sources, timing)`;
  },
  source_conflict: (c) =>
    `${formatPercent(c.value)} of fixes lie kilometres from the agreeing fixes of another source on both sides`,
  extra_accounts_log: (c) => `${countOf(c.value ?? 0, 10, 'account')} beyond the first two on this device`,
  extra_installations_log: (c) =>
    `${countOf(c.value ?? 0, 10, 'installation')} beyond the first two on this device`,

  // Payment model features.
  has_location: flag('The device reported where it was', 'No current location from the device'),
  trusted_distance_log: trustedDistance,
  no_trusted: flag('The account has no trusted place yet', 'The account has trusted places'),
  trusted_places_log: (c) => `${countOf(c.value ?? 0, 20, 'trusted place')} of the account`,
  elsewhere_distance_log: distanceFact(
    null,
    (m) => `Current location ${m} from the places the account's other devices trust`,
    'No other device of the account to compare the current location with',
  ),
  no_elsewhere: flag('The account is used on no other device', 'The account is also used on other devices'),
  address_distance_log: distanceFact(
    null,
    (m) => `The payment's farthest address is ${m} from the account's nearest trusted place`,
    'No payment address and trusted place to compare',
  ),
  no_address: flag(
    'No payment address to compare with the trusted places',
    'The payment address could be compared with the trusted places',
  ),
  device_account_distance_log: beyondAccuracy(
    (m) => `This device's places are ${m} beyond accuracy from those of the account's other devices`,
    'No distance between this device’s places and those of the account’s other devices',
  ),
  device_away_share: (c) =>
    `${formatPercent(c.value)} of this device's stays are more than 1 km from every place of the account's other devices`,
  address_unvisited: flag(
    'The device sleeps somewhere and was never at an address of the payment',
    'The device was at every address of the payment, or has no home place to compare',
  ),
  fix_age_log: (c) => `Last location fix ${countOf(c.value ?? 0, 48, 'hour')} before the payment`,
  known_account: flag(
    'The account was used on this device before',
    'First time this account is used on this device',
  ),
  account_age_log: (c) =>
    `The account first appeared on this device ${countOf(c.value ?? 0, 720, 'hour')} before`,
  other_installations_log: (c) => `${countOf(c.value ?? 0, 5, 'other installation')} of the account`,
  events_log: (c) => {
    const n = num(c.evidence.location_events_quantity);
    return `${n !== null ? plural(n, 'location event') : countOf(c.value ?? 0, 500, 'location event')} from this device`;
  },
};

/** Why evidence was too thin for a verdict (`unknown_risk`). */
export const THIN_EVIDENCE: Record<string, string> = {
  no_declared_point: 'The address could not be placed on the map',
  no_location_events: 'The device has sent no location events yet',
  too_few_events: 'Too few location events to know where the device lives',
  coarse_geocode: 'The address could only be placed roughly (a city or a postal code)',
  no_location: 'The device gave no current location',
  no_trusted_place:
    'The account has no trusted place yet and the device was at none of the payment’s addresses: nothing to call it safe by',
  present_at_address_now:
    'The device is at the address now but was mostly elsewhere before (someone who just moved in looks the same)',
};

/** Short neutral names of reason codes, for chips in lists (the direction is shown beside them). */
export const REASON_NAMES: Record<string, string> = {
  address_verification: 'Address vs. location history',
  trusted_location: 'Location vs. trusted places',
  device_integrity: 'Device integrity',
  multiple_accounts: 'Accounts on the device',
  multiple_installations: 'App installations',
  multiple_address_cities: 'Addresses in several cities',
  multiple_address_streets: 'Addresses on several streets',
  multiple_address_zip_codes: 'Addresses with several postal codes',
  high_density_location: 'High-density location',
  machine_learning_model: 'Risk model',
  device_reputation: 'Device reputation',
};

const humanise = (key: string) => key.replaceAll('_', ' ').replace(/^\w/, (s) => s.toUpperCase());

/** The fact of a feature (falling back to its reason code) or of a reason code. */
export function factOf(key: string, c: FactContext, fallbackReason?: string): string {
  const fact = FACTS[key] ?? (fallbackReason ? FACTS[fallbackReason] : undefined);
  return fact ? fact(c) : `${humanise(key)}: ${c.value ?? 'reported'}`;
}

/** "53 of 60 location events within 150 m of the address → lowers risk". */
export function reasonLabel(
  key: string,
  direction: Direction,
  c: FactContext,
  fallbackReason?: string,
): string {
  return `${factOf(key, c, fallbackReason)} → ${direction} risk`;
}

export const thinEvidenceLabel = (code: string) => THIN_EVIDENCE[code] ?? humanise(code);
export const reasonName = (code: string) => REASON_NAMES[code] ?? humanise(code);
