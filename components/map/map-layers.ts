import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { MapPoint, MapView } from '../../lib/console-api/map-view';
import { circlePolygon } from './circle-polygon';

type Collection = FeatureCollection<Geometry, Record<string, unknown>>;

const collection = (features: Feature<Geometry, Record<string, unknown>>[]): Collection => ({
  type: 'FeatureCollection',
  features,
});
const point = (
  p: MapPoint,
  properties: Record<string, unknown>,
): Feature<Geometry, Record<string, unknown>> => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
  properties,
});

/** Chargeback-rate colours: none known, none, low, elevated, high. */
export function ringColour(rate: number | null): string {
  if (rate === null) return '#9aa3b2';
  if (rate === 0) return '#2e7d32';
  if (rate < 0.01) return '#c0a000';
  if (rate < 0.05) return '#ef6c00';
  return '#c62828';
}

/** The map's GeoJSON sources, one per layer family. Rings are drawn widest first so small ones stay visible. */
export function mapSources(view: MapView) {
  return {
    rings: collection(
      [...view.rings]
        .sort((a, b) => b.radiusM - a.radiusM)
        .map((r) => ({
          type: 'Feature' as const,
          geometry: circlePolygon(r.center, r.radiusM),
          properties: { colour: ringColour(r.rate), rated: r.rate !== null, label: r.label },
        })),
    ),
    lines: collection(
      view.lines.map((l) => ({
        type: 'Feature' as const,
        geometry: {
          type: 'LineString' as const,
          coordinates: [
            [l.from.lng, l.from.lat],
            [l.to.lng, l.to.lat],
          ],
        },
        properties: { kind: l.kind, label: l.label },
      })),
    ),
    events: collection(view.events.map((e) => point(e, { mock: e.mock, ts: e.ts }))),
    places: collection(view.places.map((p) => point(p, { kind: p.kind, label: p.label }))),
  };
}

/** Bounds that hold everything worth seeing; null when there is nothing to place. */
export function viewBounds(view: MapView): [[number, number], [number, number]] | null {
  const points: MapPoint[] = [
    ...(view.address ? [view.address] : []),
    ...(view.current ? [view.current] : []),
    ...(view.store ? [view.store] : []),
    ...view.places,
    ...view.events,
  ];
  if (points.length === 0) return null;
  let [minLng, minLat, maxLng, maxLat] = [180, 90, -180, -90];
  for (const p of points) {
    minLng = Math.min(minLng, p.lng);
    maxLng = Math.max(maxLng, p.lng);
    minLat = Math.min(minLat, p.lat);
    maxLat = Math.max(maxLat, p.lat);
  }
  // A single spot gets ~1 km of room around it instead of an infinite zoom.
  const pad = 0.01;
  return [
    [minLng - pad, minLat - pad],
    [maxLng + pad, maxLat + pad],
  ];
}
