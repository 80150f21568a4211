import type { TrajectoryPoint } from './trajectory-point';

const HEADER_LINES = 6;
const FEET = 0.3048;
/** GeoLife writes −777 for an altitude it does not have. */
const NO_ALTITUDE_FT = -777;

/**
 * A GeoLife `.plt` file: six header lines, then `lat,lng,0,altitude_ft,days,date,time` per fix, times in
 * GMT (https://www.microsoft.com/en-us/research/publication/geolife-gps-trajectory-dataset-user-guide/).
 * Lines that do not parse are skipped and counted.
 */
export function readPlt(text: string): { points: TrajectoryPoint[]; skipped: number } {
  const points: TrajectoryPoint[] = [];
  let skipped = 0;
  for (const line of text.split(/\r?\n/).slice(HEADER_LINES)) {
    if (line.trim() === '') continue;
    const [lat, lng, , altitude, , date, time] = line.split(',').map((f) => f.trim());
    const ts = Date.parse(`${date}T${time}Z`);
    const p = { lat: Number(lat), lng: Number(lng), alt: Number(altitude) };
    if (!Number.isFinite(ts) || !validLatLng(p.lat, p.lng)) {
      skipped++;
      continue;
    }
    const altitudeM =
      Number.isFinite(p.alt) && p.alt !== NO_ALTITUDE_FT ? Math.round(p.alt * FEET * 10) / 10 : null;
    points.push({ ts, lat: p.lat, lng: p.lng, accuracyM: null, altitudeM });
  }
  return { points, skipped };
}

export function validLatLng(lat: number, lng: number): boolean {
  return (
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180 &&
    !(lat === 0 && lng === 0)
  );
}
