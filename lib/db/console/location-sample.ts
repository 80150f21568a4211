import type { LocationPoint, Place } from '../../contracts/console/index';
import type { Executor } from '../repositories/executor';
import { distanceMetres } from '../../domain/geo/distance-metres';
import { makeFingerprintRepo } from '../repositories/fingerprint-repo';
import { PLACE_RADIUS_M, trustedPlaces } from '../../domain/fingerprint/fingerprint-places';
import type { LatLng, LocationEvent, LocationSource } from '../../domain/location';

/** The map draws at most this many points; longer histories are thinned evenly over time. */
const MAP_POINT_LIMIT = 2000;
/** "Nearest" and the thinned map points come from the most recent events, at most this many. */
const HISTORY_LIMIT = 20_000;

export interface LocationSample {
  total: number;
  points: LocationPoint[];
  last: LocationPoint | null;
  nearest: LocationPoint | null;
  places: Place[];
}

const toPoint = (e: LocationEvent): LocationPoint => ({
  lat: e.lat,
  lng: e.lng,
  ts: e.ts,
  accuracy_m: e.accuracyM,
  source: e.source,
  mock: e.mock,
});

/**
 * Location events of the installations (up to `before`, when the case happened), thinned for the map,
 * with the last real fix, the fix nearest to `target`, and the device's trusted places.
 */
export async function loadLocationSample(
  db: Executor,
  tenantId: string,
  installationIds: string[],
  opts: { target: LatLng | null; before?: number },
): Promise<LocationSample> {
  if (installationIds.length === 0) return { total: 0, points: [], last: null, nearest: null, places: [] };
  let query = db
    .selectFrom('location_events')
    .select(['ts', 'lat', 'lng', 'accuracy_m', 'source', 'mock'])
    .where('tenant_id', '=', tenantId)
    .where('installation_id', 'in', installationIds);
  if (opts.before !== undefined) query = query.where('ts', '<=', opts.before);
  const [rows, count] = await Promise.all([
    query.orderBy('ts', 'desc').limit(HISTORY_LIMIT).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const events: LocationEvent[] = rows.reverse().map((r) => ({
    lat: Number(r.lat),
    lng: Number(r.lng),
    ts: Number(r.ts),
    accuracyM: r.accuracy_m === null ? null : Number(r.accuracy_m),
    source: r.source as LocationSource,
    mock: Number(r.mock) === 1,
  }));
  const real = events.filter((e) => !e.mock);
  const last = real[real.length - 1] ?? null;
  let nearest: LocationEvent | null = null;
  if (opts.target) {
    let best = Infinity;
    for (const e of real) {
      const d = distanceMetres(e, opts.target);
      if (d < best) [best, nearest] = [d, e];
    }
  }
  const stride = Math.max(1, Math.ceil(events.length / MAP_POINT_LIMIT));
  const thinned = events.filter((_, i) => i % stride === 0).slice(0, MAP_POINT_LIMIT);
  const places = await devicePlaces(db, tenantId, installationIds);
  return {
    total: Number(count.n),
    points: thinned.map(toPoint),
    last: last ? toPoint(last) : null,
    nearest: nearest ? toPoint(nearest) : null,
    places,
  };
}

/**
 * The engine's own places of the installations (home by nights, work by weekday hours, trusted by
 * distinct days), not a second guess from the raw events.
 */
export async function devicePlaces(
  db: Executor,
  tenantId: string,
  installationIds: string[],
): Promise<Place[]> {
  const fingerprints = makeFingerprintRepo(db);
  const stored = await Promise.all(installationIds.map((id) => fingerprints.placesOf(tenantId, id)));
  return trustedPlaces(stored.flat())
    .slice(0, 10)
    .map((p) => ({ lat: p.lat, lng: p.lng, kind: p.kind, events: p.events, radius_m: PLACE_RADIUS_M }));
}
