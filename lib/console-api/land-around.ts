/**
 * The land of the offline basemap around a case, cut by the console's server: Natural Earth 1:10m
 * countries (`world-atlas`) clipped to a box around the case and simplified to what that box can show.
 * The whole world is 3.6 MB of TopoJSON that the browser would parse, convert and tile before the first
 * frame; the region around a case is a few kilobytes that arrive with the page. The browser swaps in
 * the whole world once the map has drawn.
 */
import { createRequire } from 'node:module';
import type { Feature, FeatureCollection, MultiPolygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { continuousAcrossAntimeridian } from '../domain/geo/antimeridian';
import { clipRingToBox, type Box } from '../domain/geo/clip-ring-to-box';
import { simplifyLine } from '../domain/geo/simplify-line';
import type { Bounds } from './map-bounds';

/** Land is kept this far around the case's bounds (at least), for the map's aspect and a first zoom out. */
const MIN_MARGIN_DEG = 1;
/** Vertices closer than the box's size over this many are left out (a map is ~1,000 px wide). */
const DETAIL = 2_000;
/** Coordinates are sent with 5 decimals (~1 m). */
const PRECISION = 1e5;

/** Tolerances (degrees) at which a polygon's rings are simplified once and kept for the next case. */
const LEVELS = [0.002, 0.02, 0.2];

interface IndexedPolygon {
  rings: Position[][];
  /** The box of the outer ring, to skip the far polygons without clipping. */
  box: Box;
  /** The rings simplified at LEVELS[i], made on first use. */
  simplified: (Position[][] | undefined)[];
}

interface IndexedCountry {
  properties: Feature['properties'];
  polygons: IndexedPolygon[];
}

function ringBox(ring: Position[]): Box {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lng = 0, lat = 0] of ring) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [west, south, east, north];
}

/** The countries as polygons with their boxes. */
export function indexCountries(countries: FeatureCollection): IndexedCountry[] {
  return countries.features.map((f) => {
    const g = f.geometry;
    const polygons: Position[][][] =
      g?.type === 'Polygon' ? [g.coordinates] : g?.type === 'MultiPolygon' ? g.coordinates : [];
    return {
      properties: f.properties,
      polygons: polygons
        .filter((rings) => rings[0] !== undefined)
        .map((rings) => ({ rings, box: ringBox(rings[0]!), simplified: [] })),
    };
  });
}

/** The polygon's rings at the coarsest level that is still finer than the tolerance. */
function ringsFor(polygon: IndexedPolygon, tolerance: number): Position[][] {
  const level = LEVELS.findLastIndex((l) => l <= tolerance);
  if (level < 0) return polygon.rings;
  polygon.simplified[level] ??= polygon.rings.map((ring) => simplifyLine(ring, LEVELS[level]!));
  return polygon.simplified[level];
}

let world: IndexedCountry[] | null = null;
/** Natural Earth 1:10m, loaded and indexed once per server process. */
function worldCountries(): IndexedCountry[] {
  if (!world) {
    const topology = createRequire(import.meta.url)('world-atlas/countries-10m.json') as Topology<{
      countries: GeometryCollection;
    }>;
    world = indexCountries(continuousAcrossAntimeridian(feature(topology, topology.objects.countries)));
  }
  return world;
}

const overlaps = (a: Box, b: Box) => a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];

/** The box around the bounds, grown by their own size on every side (and at least MIN_MARGIN_DEG). */
export function boxAround([[west, south], [east, north]]: Bounds): Box {
  const margin = Math.max(MIN_MARGIN_DEG, east - west, north - south);
  return [west - margin, Math.max(-90, south - margin), east + margin, Math.min(90, north + margin)];
}

const rounded = (p: Position): Position => [
  Math.round(p[0]! * PRECISION) / PRECISION,
  Math.round(p[1]! * PRECISION) / PRECISION,
];

const inside = (own: Box, box: Box) =>
  own[0] >= box[0] && own[2] <= box[2] && own[1] >= box[1] && own[3] <= box[3];

/** A polygon's rings inside the box, simplified to the tolerance; null when none of it shows. */
function clipPolygon(polygon: IndexedPolygon, box: Box, tolerance: number): Position[][] | null {
  const [west, south, east, north] = polygon.box;
  // An island smaller than the tolerance would be a speck; one outside the box is not drawn.
  if (Math.max(east - west, north - south) < tolerance || !overlaps(polygon.box, box)) return null;
  const whole = inside(polygon.box, box);
  const [outer, ...holes] = ringsFor(polygon, tolerance).map((ring) =>
    whole ? ring : clipRingToBox(ring, box),
  );
  const shape = (ring: Position[]) => simplifyLine(ring, tolerance).map(rounded);
  const land = outer ? shape(outer) : [];
  // A ring needs 4 positions (the last repeats the first); smaller is less than the tolerance.
  if (land.length < 4) return null;
  const lakes = holes.flatMap((h) => (h ? [shape(h)] : [])).filter((ring) => ring.length >= 4);
  return [land, ...lakes];
}

/** The countries (properties kept) cut to the box around `bounds`. */
export function landAround(
  bounds: Bounds,
  countries: IndexedCountry[] = worldCountries(),
): FeatureCollection<MultiPolygon> {
  const box = boxAround(bounds);
  const tolerance = Math.max(box[2] - box[0], box[3] - box[1]) / DETAIL;
  // Rings made continuous across the antimeridian reach beyond ±180°: their copy a turn away may be in the box.
  const boxes: Box[] = [0, 360, -360].map((turn) => [box[0] + turn, box[1], box[2] + turn, box[3]]);
  const features: Feature<MultiPolygon>[] = [];
  for (const country of countries) {
    const clipped = country.polygons.flatMap((polygon) =>
      boxes.flatMap((b) => {
        const part = clipPolygon(polygon, b, tolerance);
        return part ? [part] : [];
      }),
    );
    if (clipped.length > 0)
      features.push({
        type: 'Feature',
        properties: country.properties,
        geometry: { type: 'MultiPolygon', coordinates: clipped },
      });
  }
  return { type: 'FeatureCollection', features };
}
