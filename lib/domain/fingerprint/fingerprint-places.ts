import type { LatLng } from '../location';
import type { FingerprintCell, LocationFingerprint } from './location-fingerprint';
import { unionSize } from './sorted-set';
import { memoizedForFrozen } from './frozen-memo';

/** Cells whose fixes lie within this distance of a place's centre belong to it (a house, an office block). */
export const PLACE_RADIUS_M = 200;
/** A place is trusted once the device stood there on at least this many distinct local days (K). */
export const TRUSTED_MIN_DAYS = 2;
/** Home needs at least this many distinct nights; work this many distinct weekdays in working hours. */
export const HOME_MIN_NIGHTS = 2;
export const WORK_MIN_DAYS = 2;
/** Only the cells where the device stood most are clustered: the rest are passing-through fixes. */
const MAX_CLUSTERED_CELLS = 400;

export const PLACE_KINDS = ['home', 'work', 'trusted', 'frequent'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** A clustered place of the fingerprint. `lat`/`lng` are the event-weighted mean of its fixes. */
export interface FingerprintPlace extends LatLng {
  kind: PlaceKind;
  events: number;
  days: number;
  nights: number;
  workDays: number;
  stays: number;
  first: number;
  last: number;
  /** Mean accuracy (m) of its fixes. */
  accM: number;
}

interface Cluster {
  lat: number;
  lng: number;
  /** Metres per degree of longitude at the cluster (equirectangular is exact enough within 200 m). */
  mPerLng: number;
  cells: FingerprintCell[];
}

const M_PER_LAT = 111_320;
const RADIUS_SQ = PLACE_RADIUS_M * PLACE_RADIUS_M;

function within(c: Cluster, p: LatLng): boolean {
  const dy = (p.lat - c.lat) * M_PER_LAT;
  if (Math.abs(dy) > PLACE_RADIUS_M) return false;
  let dLng = Math.abs(p.lng - c.lng);
  if (dLng > 180) dLng = 360 - dLng;
  const dx = dLng * c.mPerLng;
  return dx * dx + dy * dy <= RADIUS_SQ;
}

/**
 * The device's places: the cells where it stood (a fix not taken on the move) clustered greedily
 * (most days first, PLACE_RADIUS_M), then labelled — home is the place with most nights, work the other
 * place with most working days, trusted any place seen on TRUSTED_MIN_DAYS days. Ordered home, work,
 * then by days.
 */
export const fingerprintPlaces = memoizedForFrozen(placesOf);

function placesOf(fp: LocationFingerprint): FingerprintPlace[] {
  const cells = Object.values(fp.cells)
    .filter((c) => c.days.length > 0)
    .sort((a, b) => b.days.length - a.days.length || b.n - a.n || a.first - b.first)
    .slice(0, MAX_CLUSTERED_CELLS);
  const clusters: Cluster[] = [];
  for (const cell of cells) {
    const home = clusters.find((c) => within(c, cell));
    if (home) home.cells.push(cell);
    else
      clusters.push({
        lat: cell.lat,
        lng: cell.lng,
        mPerLng: M_PER_LAT * Math.cos((cell.lat * Math.PI) / 180),
        cells: [cell],
      });
  }
  const places = clusters.map(toPlace);
  const homeIndex = bestIndex(places, (p) => p.nights, HOME_MIN_NIGHTS, -1);
  const workIndex = bestIndex(places, (p) => p.workDays, WORK_MIN_DAYS, homeIndex);
  const labelled = places.map((p, i): FingerprintPlace => {
    const kind: PlaceKind =
      i === homeIndex
        ? 'home'
        : i === workIndex
          ? 'work'
          : p.days >= TRUSTED_MIN_DAYS
            ? 'trusted'
            : 'frequent';
    return { ...p, kind };
  });
  const rank = (p: FingerprintPlace) => (p.kind === 'home' ? 0 : p.kind === 'work' ? 1 : 2);
  return labelled.sort((a, b) => rank(a) - rank(b) || b.days - a.days || b.events - a.events);
}

function toPlace(cluster: Cluster): FingerprintPlace {
  let events = 0;
  let lat = 0;
  let lng = 0;
  let acc = 0;
  let stays = 0;
  let first = Infinity;
  let last = -Infinity;
  for (const c of cluster.cells) {
    events += c.n;
    lat += c.lat * c.n;
    lng += c.lng * c.n;
    acc += c.accM * c.n;
    stays += c.stays;
    first = Math.min(first, c.first);
    last = Math.max(last, c.last);
  }
  const single = cluster.cells.length === 1 ? cluster.cells[0] : undefined;
  return {
    kind: 'frequent',
    lat: lat / events,
    lng: lng / events,
    events,
    days: single ? single.days.length : unionSize(cluster.cells.map((c) => c.days)),
    nights: single ? single.nights.length : unionSize(cluster.cells.map((c) => c.nights)),
    workDays: single ? single.workDays.length : unionSize(cluster.cells.map((c) => c.workDays)),
    stays,
    first,
    last,
    accM: acc / events,
  };
}

function bestIndex(
  places: FingerprintPlace[],
  score: (p: FingerprintPlace) => number,
  min: number,
  skip: number,
): number {
  let best = -1;
  places.forEach((p, i) => {
    if (i === skip || score(p) < min) return;
    const current = places[best];
    if (!current || score(p) > score(current) || (score(p) === score(current) && p.events > current.events))
      best = i;
  });
  return best;
}

/** Trusted places: home, work and every place seen on TRUSTED_MIN_DAYS distinct days. */
export function trustedPlaces(places: readonly FingerprintPlace[]): FingerprintPlace[] {
  return places.filter((p) => p.kind !== 'frequent' && p.days >= TRUSTED_MIN_DAYS);
}

export function homePlace(places: readonly FingerprintPlace[]): FingerprintPlace | null {
  return places.find((p) => p.kind === 'home') ?? null;
}
