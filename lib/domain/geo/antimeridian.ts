import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';

/** A step between two vertices longer than half the world is a crossing of the antimeridian. */
const HALF_WORLD = 180;

/**
 * One ring made continuous across the antimeridian. Natural Earth draws Fiji or Chukotka as rings that
 * jump from 179.9° to -179.9°: drawn as is, the jump is an edge across the whole world, a band of land
 * at the island's latitude on every map. Shifting each vertex by whole turns keeps the steps short (so
 * longitudes may leave ±180°, which MapLibre wraps onto the neighbouring world copy). A ring that goes
 * round a pole (Antarctica) ends a full turn from where it began; it is closed along the pole instead
 * (in quarter turns, so that no edge is long enough to be taken for a crossing again).
 */
export function continuousRing(ring: Position[]): Position[] {
  // Nearly every ring crosses nothing: return it as it is, without copying a million vertices.
  if (!ring.some((p, i) => i > 0 && Math.abs(p[0]! - ring[i - 1]![0]!) > HALF_WORLD)) return ring;
  let shift = 0;
  let previous: number | null = null;
  const out: Position[] = [];
  for (const [lng = 0, lat = 0] of ring) {
    if (previous !== null) {
      const step = lng - previous;
      if (step > HALF_WORLD) shift -= 360;
      else if (step < -HALF_WORLD) shift += 360;
    }
    previous = lng;
    out.push([lng + shift, lat]);
  }
  if (shift === 0) return out;
  const first = out[0]!;
  const last = out[out.length - 1]!;
  if (Math.abs(last[0]! - first[0]!) < HALF_WORLD) return out;
  // Round a pole: drop the closing vertex, run along the pole back to the start, close again.
  const meanLat = out.reduce((sum, p) => sum + p[1]!, 0) / out.length;
  const pole = meanLat < 0 ? -90 : 90;
  const open = out.slice(0, -1);
  const end = open[open.length - 1]!;
  const along: Position[] = [];
  const turns = Math.ceil(Math.abs(first[0]! - end[0]!) / 90);
  for (let i = 0; i <= turns; i++) along.push([end[0]! + ((first[0]! - end[0]!) * i) / turns, pole]);
  return [...open, ...along, first];
}

function continuousGeometry(geometry: Geometry): Geometry {
  if (geometry.type === 'Polygon')
    return { ...geometry, coordinates: geometry.coordinates.map(continuousRing) };
  if (geometry.type === 'MultiPolygon')
    return { ...geometry, coordinates: geometry.coordinates.map((p) => p.map(continuousRing)) };
  return geometry;
}

/** The countries with every ring continuous across the antimeridian (see continuousRing). */
export function continuousAcrossAntimeridian(countries: FeatureCollection): FeatureCollection {
  return {
    ...countries,
    features: countries.features.map((f): Feature =>
      f.geometry ? { ...f, geometry: continuousGeometry(f.geometry) } : f,
    ),
  };
}
