import tzLookup from '@photostructure/tz-lookup';
import type { LatLng } from './types';

const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/**
 * Real local time for the world model: the IANA zone from coordinates (an offline lookup), its UTC offset at
 * an instant from Intl (DST included). People keep their clocks, not the sun's: western China lives on
 * UTC+8 at 90° E, Samoa on UTC+13 at 172° W, Spain on UTC+1/+2 at 4° W.
 */
export function timeZoneAt(point: LatLng): string {
  return tzLookup(point.lat, point.lng);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();

function formatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(zone, found);
  }
  return found;
}

/** Offset of the zone's wall clock from UTC at `ts`, in ms (cached per zone and UTC hour: zones change on the hour). */
export function utcOffsetMs(zone: string, ts: number): number {
  const hour = Math.floor(ts / HOUR_MS);
  const key = `${zone}@${hour}`;
  const cached = offsets.get(key);
  if (cached !== undefined) return cached;
  const at = hour * HOUR_MS;
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(at))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  const offset = wall - at;
  offsets.set(key, offset);
  return offset;
}

/** The wall clock of one zone: local days as integers (days since 1970-01-01 local), hours, weekdays. */
export interface LocalClock {
  zone: string;
  offsetMs(ts: number): number;
  /** The local calendar day containing `ts`. */
  day(ts: number): number;
  /** Local hour of day, fractional, in [0, 24). */
  hour(ts: number): number;
  /** The instant `hours` after local midnight of `day` (hours may exceed 24 or be negative). */
  at(day: number, hours: number): number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday(day: number): number;
}

export function localClock(zone: string): LocalClock {
  const offsetMs = (ts: number) => utcOffsetMs(zone, ts);
  const day = (ts: number) => Math.floor((ts + offsetMs(ts)) / DAY_MS);
  return {
    zone,
    offsetMs,
    day,
    hour: (ts) => (ts + offsetMs(ts) - day(ts) * DAY_MS) / HOUR_MS,
    at: (d, hours) => {
      const wall = d * DAY_MS + hours * HOUR_MS;
      // Two passes settle the offset on either side of a DST change.
      const guess = wall - offsetMs(wall);
      return wall - offsetMs(guess);
    },
    weekday: (d) => (((d + 4) % 7) + 7) % 7,
  };
}

/** The local clock of whoever lives at `point`. */
export function clockAt(point: LatLng): LocalClock {
  return localClock(timeZoneAt(point));
}
