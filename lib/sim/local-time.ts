/** Local time from longitude: the simulator's stand-in for time zones (offset ≈ round(lng / 15) hours). */

const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** Offset of local time from UTC in milliseconds, from the longitude alone. */
export function localOffsetMs(lng: number): number {
  return Math.round(lng / 15) * HOUR_MS;
}

/** Epoch ms of the local midnight that starts the local day containing `ts`. */
export function localMidnight(ts: number, lng: number): number {
  const offset = localOffsetMs(lng);
  return Math.floor((ts + offset) / DAY_MS) * DAY_MS - offset;
}

/** Local hour of day, fractional, in [0, 24). */
export function localHour(ts: number, lng: number): number {
  const local = ts + localOffsetMs(lng);
  return (((local % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS;
}

/** True on local Saturday and Sunday. */
export function isWeekend(ts: number, lng: number): boolean {
  const day = new Date(ts + localOffsetMs(lng)).getUTCDay();
  return day === 0 || day === 6;
}
