import { parse } from 'csv-parse/sync';
import { validLatLng } from './read-plt';
import type { TrajectoryPoint } from './trajectory-point';

const COLUMNS = {
  user: ['user', 'user_id', 'person', 'id'],
  ts: ['ts', 'timestamp', 'time', 'datetime'],
  lat: ['lat', 'latitude'],
  lng: ['lng', 'lon', 'long', 'longitude'],
  accuracy: ['accuracy_m', 'accuracy'],
};

/** ISO 8601, epoch milliseconds, or epoch seconds (anything below 10^11 is seconds). */
function parseTime(value: string): number {
  if (/^-?\d+(\.\d+)?$/.test(value)) {
    const n = Number(value);
    return n < 1e11 ? Math.round(n * 1000) : Math.round(n);
  }
  return Date.parse(value);
}

function column(header: readonly string[], names: readonly string[]): string | null {
  return header.find((h) => names.includes(h.trim().toLowerCase())) ?? null;
}

/**
 * A CSV of fixes with a header row: `lat`/`latitude`, `lng`/`lon`/`longitude`, a time column (`ts`,
 * `timestamp`, `time`; ISO 8601 or epoch ms or s), optionally `user` and `accuracy_m`. Without a user
 * column every fix belongs to `defaultUser` (the file name). Rows that do not parse are skipped and counted.
 */
export function readCsv(
  text: string,
  defaultUser: string,
): { byUser: Map<string, TrajectoryPoint[]>; skipped: number } {
  const records = parse(text, { columns: true, skip_empty_lines: true, trim: true }) as Record<
    string,
    string
  >[];
  const header = Object.keys(records[0] ?? {});
  const col = {
    user: column(header, COLUMNS.user),
    ts: column(header, COLUMNS.ts),
    lat: column(header, COLUMNS.lat),
    lng: column(header, COLUMNS.lng),
    accuracy: column(header, COLUMNS.accuracy),
  };
  if (records.length > 0 && (!col.ts || !col.lat || !col.lng))
    throw new Error(`a trajectory CSV needs lat, lng and time columns (found: ${header.join(', ')})`);
  const byUser = new Map<string, TrajectoryPoint[]>();
  let skipped = 0;
  for (const r of records) {
    const ts = parseTime(r[col.ts!] ?? '');
    const lat = Number(r[col.lat!]);
    const lng = Number(r[col.lng!]);
    if (!Number.isFinite(ts) || !validLatLng(lat, lng)) {
      skipped++;
      continue;
    }
    const accuracy = col.accuracy ? Number(r[col.accuracy]) : NaN;
    const user = (col.user ? r[col.user] : '') || defaultUser;
    const points = byUser.get(user) ?? [];
    points.push({ ts, lat, lng, accuracyM: Number.isFinite(accuracy) ? accuracy : null, altitudeM: null });
    byUser.set(user, points);
  }
  return { byUser, skipped };
}
