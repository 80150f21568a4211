/**
 * Local time from longitude alone (offset ≈ round(lng / 15) hours). Time zones follow borders, not
 * meridians, but an hour's error does not move a night at home into the day; it needs no tz database.
 */
const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export function localOffsetMs(lng: number): number {
  return Math.round(lng / 15) * HOUR_MS;
}

/** Days since the epoch in local time: one number per local calendar day. */
export function localDay(ts: number, lng: number): number {
  return Math.floor((ts + localOffsetMs(lng)) / DAY_MS);
}

/** Local hour of day in [0, 24). */
export function localHour(ts: number, lng: number): number {
  const local = ts + localOffsetMs(lng);
  return (((local % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS;
}

/** Nights run 22:00–06:00 local; a night belongs to the day on whose evening it started. Null by day. */
export function localNight(ts: number, lng: number): number | null {
  const hour = localHour(ts, lng);
  if (hour >= 22) return localDay(ts, lng);
  if (hour < 6) return localDay(ts, lng) - 1;
  return null;
}

/** Working hours: Monday to Friday, 09:00–18:00 local. Returns the local day, or null outside them. */
export function localWorkDay(ts: number, lng: number): number | null {
  const day = localDay(ts, lng);
  const weekday = (day + 4) % 7; // 1970-01-01 was a Thursday; 0 = Sunday
  const hour = localHour(ts, lng);
  if (weekday === 0 || weekday === 6 || hour < 9 || hour >= 18) return null;
  return day;
}
