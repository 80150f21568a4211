import tzLookup from '@photostructure/tz-lookup';

/**
 * Local time where a fix was taken, from the real time zone at its coordinates (an offline boundary
 * lookup, @photostructure/tz-lookup) and that zone's UTC offset at its instant (Intl, DST included):
 * Beijing is UTC+8 at 116° E, not +8 by luck of the meridian; Reykjavík is UTC+0 at 22° W; Chatham and
 * Kathmandu keep their odd minutes. Offsets are memoised per zone and UTC day, so a fix costs a boundary
 * lookup (~0.3 µs) and a map read.
 */
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Memoised offsets: bounded, dropped wholesale when full (they are cheap to recompute). */
const MAX_MEMO = 20_000;
const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * Zone → UTC day → the offset all day, or null on a day the offset changes (DST). Keyed in two steps,
 * not by a `zone|day` string: building and hashing that string cost as much as the rest of a fix's fold.
 */
const dayOffsets = new Map<string, Map<number, number | null>>();
let memoised = 0;

/** The IANA zone at a point; the nearest nautical zone offshore. Never throws on valid coordinates. */
export function timeZoneAt(lat: number, lng: number): string {
  try {
    return tzLookup(lat, lng);
  } catch {
    return `Etc/GMT${lng >= 0 ? '-' : '+'}${Math.round(Math.abs(lng) / 15)}`;
  }
}

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    formatters.set(zone, f);
  }
  return f;
}

/** "GMT", "GMT+08:00", "GMT-03:30" → milliseconds east of UTC. */
function exactOffsetMs(zone: string, ts: number): number {
  const name = formatter(zone)
    .formatToParts(ts)
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return (m[1] === '-' ? -minutes : minutes) * MINUTE_MS;
}

/** The zone's UTC offset at `ts`: per-day memo, exact on the days the offset changes. */
export function utcOffsetMs(zone: string, ts: number): number {
  const day = Math.floor(ts / DAY_MS);
  let days = dayOffsets.get(zone);
  let memo = days?.get(day);
  if (memo === undefined) {
    const start = exactOffsetMs(zone, day * DAY_MS);
    memo = start === exactOffsetMs(zone, (day + 1) * DAY_MS - 1) ? start : null;
    if (memoised >= MAX_MEMO) {
      dayOffsets.clear();
      memoised = 0;
      days = undefined;
    }
    if (!days) dayOffsets.set(zone, (days = new Map()));
    days.set(day, memo);
    memoised += 1;
  }
  return memo ?? exactOffsetMs(zone, ts);
}

/** A fix's local calendar: the day (days since the epoch, local), the hour and the weekday (0 = Sunday). */
export interface LocalTime {
  day: number;
  hour: number;
  weekday: number;
}

export function localTime(ts: number, lat: number, lng: number): LocalTime {
  const local = ts + utcOffsetMs(timeZoneAt(lat, lng), ts);
  const day = Math.floor(local / DAY_MS);
  return { day, hour: (local - day * DAY_MS) / HOUR_MS, weekday: (((day + 4) % 7) + 7) % 7 };
}

/** Nights run 22:00–06:00 local; a night belongs to the day on whose evening it started. Null by day. */
export function nightOf(t: LocalTime): number | null {
  if (t.hour >= 22) return t.day;
  if (t.hour < 6) return t.day - 1;
  return null;
}

/** Working hours: Monday to Friday, 09:00–18:00 local. The local day, or null outside them. */
export function workDayOf(t: LocalTime): number | null {
  if (t.weekday === 0 || t.weekday === 6 || t.hour < 9 || t.hour >= 18) return null;
  return t.day;
}
