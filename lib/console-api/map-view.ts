import type { FeatureCollection, MultiPolygon } from 'geojson';
import type { LocationPoint, Place } from '../contracts/console/index';

/** What the evidence map draws; built by the adapt…() functions, drawn by components/map. */
export interface MapPoint {
  lat: number;
  lng: number;
}

export interface MapEvent extends MapPoint {
  ts: number;
  mock: boolean;
  accuracyM: number | null;
  source: string;
}

export interface MapView {
  address: (MapPoint & { label: string }) | null;
  events: MapEvent[];
  /** How many events the device has in total (the map shows a thinned sample). */
  eventsTotal: number;
  places: (MapPoint & { kind: Place['kind']; label: string })[];
  lines: { from: MapPoint; to: MapPoint; kind: 'last' | 'nearest'; label: string }[];
  rings: { center: MapPoint; radiusM: number; rate: number | null; label: string }[];
  current: (MapPoint & { label: string }) | null;
  store: (MapPoint & { label: string }) | null;
  /** Streets of an imported OSM extract around the case ([lng, lat] lines); empty without one. */
  streets: { name: string; coordinates: [number, number][] }[];
  /** Towns and neighbourhoods around the case, biggest first (names for the offline basemap). */
  towns: { name: string; lat: number; lng: number; population: number }[];
  /**
   * The basemap's land around the case, cut by the server to `box` ([west, south, east, north]); the map
   * loads the whole world when its view leaves the box. Null: the map starts from the whole world.
   */
  land: { box: [number, number, number, number]; countries: FeatureCollection<MultiPolygon> } | null;
}

export const eventPoint = (e: LocationPoint): MapEvent => ({
  lat: e.lat,
  lng: e.lng,
  ts: e.ts,
  mock: e.mock,
  accuracyM: e.accuracy_m,
  source: e.source,
});
