import type { Feature, FeatureCollection, Position } from 'geojson';
import type { Bounds } from '../../lib/console-api/map-bounds';

/** How far around the case's bounds countries are kept for the first drawing (degrees). */
const MARGIN_DEG = 15;

function featureBox(f: Feature): [number, number, number, number] | null {
  const g = f.geometry;
  const rings: Position[][] =
    g.type === 'Polygon' ? g.coordinates : g.type === 'MultiPolygon' ? g.coordinates.flat() : [];
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of rings)
    for (const [lng = 0, lat = 0] of ring) {
      west = Math.min(west, lng);
      east = Math.max(east, lng);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
  return west <= east ? [west, south, east, north] : null;
}

/**
 * The countries within MARGIN_DEG of the bounds. The whole 1:10m world is megabytes of coordinates that
 * MapLibre's worker must cut into tiles before the first frame; a case needs its own region first, and
 * the map swaps in the whole world once it has drawn.
 */
export function countriesNear(countries: FeatureCollection, bounds: Bounds): FeatureCollection {
  const [[west, south], [east, north]] = bounds;
  return {
    ...countries,
    features: countries.features.filter((f) => {
      const box = featureBox(f);
      if (!box) return false;
      const [w, s, e, n] = box;
      return (
        s <= north + MARGIN_DEG &&
        n >= south - MARGIN_DEG &&
        ((w <= east + MARGIN_DEG && e >= west - MARGIN_DEG) ||
          // Rings made continuous across the antimeridian reach beyond ±180°.
          (w <= east + 360 + MARGIN_DEG && e >= west + 360 - MARGIN_DEG) ||
          (w <= east - 360 + MARGIN_DEG && e >= west - 360 - MARGIN_DEG))
      );
    }),
  };
}
