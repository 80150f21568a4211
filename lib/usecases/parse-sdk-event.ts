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
  if (isPlainFix(raw)) e = raw;
  else {
    const parsed = SdkEventSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { ok: false, error: `${issue?.path.join('.') || 'event'}: ${issue?.message ?? 'invalid'}` };
    }
    e = parsed.data;
  }
  const ts = typeof e.ts === 'number' ? e.ts : Date.parse(e.ts);
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

function noSignalFields(e: Record<keyof SdkEvent, unknown>): boolean {
  for (const [wire] of SIGNAL_FIELDS) if (!absent(e[wire])) return false;
  return true;
}
