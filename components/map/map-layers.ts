import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { distanceMetres } from '../../lib/domain/geo/distance-metres';
import type { MapPoint, MapView } from '../../lib/console-api/map-view';

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

/** Events this close to the address pin sit under it; the pin carries their count. */
export const UNDER_PIN_M = 30;

/** Chargeback-rate colours: none counted, none, low, elevated, high. */
export function ringColour(rate: number | null): string {
  if (rate === null) return '#6b7280';
  if (rate === 0) return '#2e7d32';
  if (rate < 0.01) return '#a16207';
  if (rate < 0.05) return '#c2410c';
  return '#b91c1c';
}

/** Oldest and newest event time of the view, for the recency colours and their legend. */
export function eventTimeRange(view: MapView): { from: number; to: number } | null {
  if (view.events.length === 0) return null;
  let [from, to] = [Infinity, -Infinity];
  for (const e of view.events) [from, to] = [Math.min(from, e.ts), Math.max(to, e.ts)];
  return { from, to };
}

export function eventsUnderPin(view: MapView): number {
  const pin = view.address;
  return pin ? view.events.filter((e) => distanceMetres(e, pin) <= UNDER_PIN_M).length : 0;
}

/** The map's GeoJSON sources, one per layer family. */
export function mapSources(view: MapView) {
  const range = eventTimeRange(view);
  const span = range ? Math.max(1, range.to - range.from) : 1;
  return {
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
    events: collection(
      view.events.map((e, i) =>
        point(e, { i, mock: e.mock, recency: range ? (e.ts - range.from) / span : 1 }),
      ),
    ),
    streets: collection(
      view.streets.map((s) => ({
        type: 'Feature' as const,
        geometry: { type: 'LineString' as const, coordinates: s.coordinates },
        properties: { name: s.name },
      })),
    ),
    towns: collection(view.towns.map((t, i) => point(t, { name: t.name, rank: i }))),
  };
}
