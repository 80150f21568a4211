import type { Position } from 'geojson';

/** [west, south, east, north] in degrees. */
export type Box = [number, number, number, number];

type Edge = { inside: (p: Position) => boolean; cross: (a: Position, b: Position) => Position };

const lngLat = (p: Position): [number, number] => [p[0]!, p[1]!];

function atLng(a: Position, b: Position, lng: number): Position {
  const [ax, ay] = lngLat(a);
  const [bx, by] = lngLat(b);
  return [lng, ay + ((by - ay) * (lng - ax)) / (bx - ax)];
}

function atLat(a: Position, b: Position, lat: number): Position {
  const [ax, ay] = lngLat(a);
  const [bx, by] = lngLat(b);
  return [ax + ((bx - ax) * (lat - ay)) / (by - ay), lat];
}

function edgesOf([west, south, east, north]: Box): Edge[] {
  return [
    { inside: (p) => p[0]! >= west, cross: (a, b) => atLng(a, b, west) },
    { inside: (p) => p[0]! <= east, cross: (a, b) => atLng(a, b, east) },
    { inside: (p) => p[1]! >= south, cross: (a, b) => atLat(a, b, south) },
    { inside: (p) => p[1]! <= north, cross: (a, b) => atLat(a, b, north) },
  ];
}

/**
 * The part of a closed polygon ring inside a box (Sutherland–Hodgman), closed again; null when nothing
 * of it is inside. A concave ring cut in several pieces stays one ring joined along the box's edge,
 * which fills the same area.
 */
export function clipRingToBox(ring: Position[], box: Box): Position[] | null {
  // The ring without its closing vertex: every edge once.
  let points =
    ring.length > 1 && ring[0]![0] === ring.at(-1)![0] && ring[0]![1] === ring.at(-1)![1]
      ? ring.slice(0, -1)
      : ring;
  for (const edge of edgesOf(box)) {
    if (points.length === 0) return null;
    const kept: Position[] = [];
    points.forEach((current, i) => {
      const previous = points[(i + points.length - 1) % points.length]!;
      if (edge.inside(current)) {
        if (!edge.inside(previous)) kept.push(edge.cross(previous, current));
        kept.push(current);
      } else if (edge.inside(previous)) kept.push(edge.cross(previous, current));
    });
    points = kept;
  }
  return points.length >= 3 ? [...points, points[0]!] : null;
}
