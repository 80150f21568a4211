import { SdkEventSchema, type SdkEvent } from '../contracts/sdk-events';
import type { LocationEvent } from '../domain/location';

/** History uploads may reach this far back. */
export const MAX_EVENT_AGE_MS = 90 * 24 * 60 * 60 * 1000;
/** Device clocks drift; more than this in the future is a wrong clock or a forgery. */
export const MAX_EVENT_SKEW_MS = 5 * 60 * 1000;

export type ParsedEvent = { ok: true; event: LocationEvent } | { ok: false; error: string };

/** Validates one SDK event on its own, so that a bad event is rejected with a reason and the rest kept. */
export function parseSdkEvent(raw: unknown, now: number): ParsedEvent {
  const parsed = SdkEventSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, error: `${issue?.path.join('.') || 'event'}: ${issue?.message ?? 'invalid'}` };
  }
  const e = parsed.data;
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
