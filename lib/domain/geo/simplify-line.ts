import type { Position } from 'geojson';

function offsetFromSegment(p: Position, a: Position, b: Position): number {
  const [px, py, ax, ay, bx, by] = [p[0]!, p[1]!, a[0]!, a[1]!, b[0]!, b[1]!];
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/**
 * A line with the vertices that move it less than `tolerance` (in its own units) left out
 * (Douglas–Peucker); the first and the last vertex always stay, so a closed ring stays closed.
 */
export function simplifyLine(points: Position[], tolerance: number): Position[] {
  if (points.length <= 2) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let farthest = -1;
    let distance = tolerance;
    for (let i = first + 1; i < last; i++) {
      const d = offsetFromSegment(points[i]!, points[first]!, points[last]!);
      if (d > distance) {
        farthest = i;
        distance = d;
      }
    }
    if (farthest < 0) continue;
    keep[farthest] = 1;
    stack.push([first, farthest], [farthest, last]);
  }
  return points.filter((_, i) => keep[i] === 1);
}
