import type { Place } from '../contracts/console/index';
/** What the evidence map draws; built by the adapt…() functions, drawn by components/map. */
export interface MapPoint {
  lat: number;
  lng: number;
}

export interface MapView {
  address: (MapPoint & { label: string }) | null;
  events: (MapPoint & { ts: number; mock: boolean })[];
  /** How many events the device has in total (the map shows a thinned sample). */
  eventsTotal: number;
  places: (MapPoint & { kind: Place['kind']; label: string })[];
  lines: { from: MapPoint; to: MapPoint; kind: 'last' | 'nearest'; label: string }[];
  rings: { center: MapPoint; radiusM: number; rate: number | null; label: string }[];
  current: (MapPoint & { label: string }) | null;
  store: (MapPoint & { label: string }) | null;
}
