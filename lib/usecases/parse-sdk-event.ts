import { SdkEventSchema, type SdkEvent } from '../contracts/sdk-events';
import { LOCATION_SOURCES, type LocationEvent, type LocationSource } from '../domain/location';

/** History uploads may reach this far back. */
export const MAX_EVENT_AGE_MS = 90 * 24 * 60 * 60 * 1000;
/** Device clocks drift; more than this in the future is a wrong clock or a forgery. */
export const MAX_EVENT_SKEW_MS = 5 * 60 * 1000;

export type ParsedEvent = { ok: true; event: LocationEvent } | { ok: false; error: string };

/** Validates one SDK event on its own, so that a bad event is rejected with a reason and the rest kept. */
export function parseSdkEvent(raw: unknown, now: number): ParsedEvent {
  let e: SdkEvent;
  const plain = isPlainFix(raw);
  if (plain) e = raw;
  else {
    const parsed = SdkEventSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { ok: false, error: `${issue?.path.join('.') || 'event'}: ${issue?.message ?? 'invalid'}` };
    }
    e = parsed.data;
  }
  const ts = typeof e.ts === 'number' ? e.ts : isoMillis(e.ts);
  if (!Number.isFinite(ts))
    return { ok: false, error: 'ts: must be an ISO 8601 date-time or epoch milliseconds' };
  if (ts < now - MAX_EVENT_AGE_MS) return { ok: false, error: 'ts: older than 90 days' };
  if (ts > now + MAX_EVENT_SKEW_MS) return { ok: false, error: 'ts: more than 5 minutes in the future' };
  const event: LocationEvent = {
    ts,
    lat: e.lat,
    lng: e.lng,
    accuracyM: e.accuracy_m ?? null,
    source: e.source ?? 'gps',
    mock: e.mock ?? false,
  };
  // A plain fix has none of them (isPlainFix).
  if (!plain)
    for (const [wire, field] of SIGNAL_FIELDS) {
      const value = e[wire];
      if (value !== null && value !== undefined) event[field] = value;
    }
  return { ok: true, event };
}

/** The optional signal fields of the wire, and their names in the domain; absent ones stay absent. */
const SIGNAL_FIELDS = [
  ['speed_mps', 'speedMps'],
  ['altitude_m', 'altitudeM'],
  ['bearing_deg', 'bearingDeg'],
  ['vertical_accuracy_m', 'verticalAccuracyM'],
  ['elapsed_realtime_ms', 'elapsedRealtimeMs'],
  ['wifi_networks', 'wifiNetworks'],
  ['cell_networks', 'cellNetworks'],
] as const satisfies readonly (readonly [keyof SdkEvent, keyof LocationEvent])[];

const SOURCES: readonly unknown[] = LOCATION_SOURCES;
const finiteIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
const absent = (value: unknown): value is null | undefined => value === null || value === undefined;

/**
 * Whether `raw` is a fix SdkEventSchema accepts as it stands, checked field by field without zod: the
 * fields of a position that are plainly valid, and none of the optional signal fields (those, and
 * everything that is not so plain, zod judges and words the error for). Each check here is one of the
 * schema's, so whatever passes zod would pass and give back the same values (unknown keys aside, which
 * parseSdkEvent does not read). zod's safeParse cost ≈ 0.4–0.8 µs an event, most of `parseSdkEvent`
 * on a 1,000-event batch; a property test holds this to the schema.
 */
export function isPlainFix(raw: unknown): raw is SdkEvent {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return false;
  const e = raw as Record<keyof SdkEvent, unknown>;
  const ts = e.ts;
  return (
    (typeof ts === 'string' ? ts.length <= 64 : typeof ts === 'number' && Number.isFinite(ts)) &&
    finiteIn(e.lat, -90, 90) &&
    finiteIn(e.lng, -180, 180) &&
    (absent(e.accuracy_m) || finiteIn(e.accuracy_m, 0, 100_000)) &&
    (absent(e.source) || SOURCES.includes(e.source as LocationSource)) &&
    (absent(e.mock) || typeof e.mock === 'boolean') &&
    noSignalFields(e)
  );
}

/**
 * None of SIGNAL_FIELDS' wire fields, read by name: a loop over the list read each through a keyed load
 * that saw seven names (V8's megamorphic stub, ≈ 0.1 µs an event). A unit test holds this to the schema:
 * every field besides a position's makes a fix not plain.
 */
function noSignalFields(e: Record<keyof SdkEvent, unknown>): boolean {
  return (
    absent(e.speed_mps) &&
    absent(e.altitude_m) &&
    absent(e.bearing_deg) &&
    absent(e.vertical_accuracy_m) &&
    absent(e.elapsed_realtime_ms) &&
    absent(e.wifi_networks) &&
    absent(e.cell_networks)
  );
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number of `length` decimal digits at `at`, or -1 when one of them is not a digit. */
function digits(text: string, at: number, length: number): number {
  let value = 0;
  for (let i = at; i < at + length; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value;
}

/**
 * `Date.parse(text)`, read digit by digit when `text` is a valid `YYYY-MM-DDTHH:mm:ss.sssZ` or
 * `YYYY-MM-DDTHH:mm:ssZ` of 1970 or later (what phones send, `toISOString()`), where Date.parse cost
 * ≈ 0.2–0.4 µs an event; any other text goes to Date.parse itself. A property test holds the two equal.
 */
export function isoMillis(text: string): number {
  const withMs = text.length === 24;
  if (!withMs && text.length !== 20) return Date.parse(text);
  if (
    text[4] !== '-' ||
    text[7] !== '-' ||
    text[10] !== 'T' ||
    text[13] !== ':' ||
    text[16] !== ':' ||
    text[text.length - 1] !== 'Z' ||
    (withMs && text[19] !== '.')
  )
    return Date.parse(text);
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  const ms = withMs ? digits(text, 20, 3) : 0;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const monthDays = month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  if (
    year < 1970 ||
    month < 1 ||
    day < 1 ||
    day > monthDays ||
    hour < 0 ||
    hour > 23 ||
    minute < 0 ||
    minute > 59 ||
    second < 0 ||
    second > 59 ||
    ms < 0
  )
    return Date.parse(text);
  return Date.UTC(year, month - 1, day, hour, minute, second, ms);
}
