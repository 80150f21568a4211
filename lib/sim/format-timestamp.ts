import { utcOffsetMs } from './time-zone';
import type { TimestampStyle } from './types';

const pad = (n: number) => String(Math.floor(n)).padStart(2, '0');

/**
 * `ts` as an SDK writes it: ISO 8601 in UTC (`…Z`), ISO 8601 in the phone's wall-clock time with its offset
 * (`…+05:45`), or epoch milliseconds. All three denote the same instant.
 */
export function formatTimestamp(ts: number, style: TimestampStyle, zone: string): string | number {
  if (style === 'epoch_ms') return ts;
  if (style === 'iso_utc') return new Date(ts).toISOString();
  const offset = utcOffsetMs(zone, ts);
  const minutes = Math.abs(offset) / 60_000;
  const sign = offset < 0 ? '-' : '+';
  return `${new Date(ts + offset).toISOString().slice(0, -1)}${sign}${pad(minutes / 60)}:${pad(minutes % 60)}`;
}
