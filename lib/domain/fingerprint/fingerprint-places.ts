import { distanceMetres } from '../geo/distance-metres';
import type { LatLng } from '../location';
import type { FingerprintCell, LocationFingerprint } from './location-fingerprint';
import { unionSize } from './sorted-set';

/** Cells whose fixes lie within this distance of a place's centre belong to it (a house, an office block). */
export const PLACE_RADIUS_M = 200;
/** A place is trusted once the device was there on at least this many distinct local days (K). */
export const TRUSTED_MIN_DAYS = 2;
/** Home needs at least this many distinct nights; work this many distinct weekdays in working hours. */
export const HOME_MIN_NIGHTS = 2;
export const WORK_MIN_DAYS = 2;
/** Only the busiest cells are clustered: the rest are passing-through fixes. */
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
}

interface Cluster {
  lat: number;
  lng: number;
  cells: FingerprintCell[];
}

/**
 * The device's places: its busiest cells clustered greedily (busiest first, PLACE_RADIUS_M), then
 * labelled — home is the place with most nights, work the other place with most working days,
 * trusted any place seen on TRUSTED_MIN_DAYS days. Ordered home, work, then by days.
 */
export function fingerprintPlaces(fp: LocationFingerprint): FingerprintPlace[] {
  const cells = Object.values(fp.cells)
    .sort((a, b) => b.n - a.n || a.first - b.first)
    .slice(0, MAX_CLUSTERED_CELLS);
  const clusters: Cluster[] = [];
  for (const cell of cells) {
    const home = clusters.find((c) => distanceMetres(c, cell) <= PLACE_RADIUS_M);
    if (home) home.cells.push(cell);
    else clusters.push({ lat: cell.lat, lng: cell.lng, cells: [cell] });
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
  const events = cluster.cells.reduce((n, c) => n + c.n, 0);
  return {
    kind: 'frequent',
    lat: cluster.cells.reduce((s, c) => s + c.lat * c.n, 0) / events,
    lng: cluster.cells.reduce((s, c) => s + c.lng * c.n, 0) / events,
    events,
    days: unionSize(cluster.cells.map((c) => c.days)),
    nights: unionSize(cluster.cells.map((c) => c.nights)),
    workDays: unionSize(cluster.cells.map((c) => c.workDays)),
    stays: cluster.cells.reduce((n, c) => n + c.stays, 0),
    first: Math.min(...cluster.cells.map((c) => c.first)),
    last: Math.max(...cluster.cells.map((c) => c.last)),
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
