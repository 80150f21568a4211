import { cellToBoundary, getIcosahedronFaces, isPentagon, latLngToCell } from 'h3-js';

const RAD = Math.PI / 180;
/**
 * How far inside every edge of a remembered cell a point must be for its answer to be given without
 * h3-js: sin of ~1e-9 rad, ≈ 6 mm on the Earth. h3-js's own rounding errors are ~1e-12 of a cell
 * (≈ 1e-17 rad at resolution 10), so a point this far inside cannot be one h3-js places elsewhere.
 */
const MARGIN = 1e-9;
/** Cells remembered: the few a device moves between (home, work) stay, one at each new cell goes. */
const REMEMBERED = 8;

/** Cells whose shape is known or pending, at most; then all are forgotten (a few MB). */
const SHAPES_KEPT = 20_000;
const ONCE = 'once';

/** A cell as the unit normals of the great circles through its edges, each pointing inside. */
interface CellShape {
  cell: string;
  /** x, y, z of each normal, one after the other. */
  normals: Float64Array;
}

/**
 * The shape of a hexagon that lies on one icosahedron face, or null. On one face H3 projects a point
 * gnomonically and rounds it to the hexagon of a planar grid: the hexagon's edges are straight in that
 * plane, so great-circle arcs between its vertices on the sphere, and a point inside all six arcs is in
 * the cell. Pentagons and hexagons crossing a face edge are distorted: those are left to h3-js.
 */
function shapeOf(cell: string): CellShape | null {
  if (isPentagon(cell) || getIcosahedronFaces(cell).length !== 1) return null;
  const vertices = cellToBoundary(cell).map(([lat, lng]) => unitVector(lat, lng));
  const normals = new Float64Array(vertices.length * 3);
  for (let i = 0; i < vertices.length; i++) {
    const [ax, ay, az] = vertices[i] as Vector;
    const [bx, by, bz] = vertices[(i + 1) % vertices.length] as Vector;
    const nx = ay * bz - az * by;
    const ny = az * bx - ax * bz;
    const nz = ax * by - ay * bx;
    const length = Math.hypot(nx, ny, nz);
    normals[i * 3] = nx / length;
    normals[i * 3 + 1] = ny / length;
    normals[i * 3 + 2] = nz / length;
  }
  // cellToBoundary lists vertices counter-clockwise, so the normals point inside; held, not assumed.
  const [cx, cy, cz] = centroid(vertices);
  for (let i = 0; i < normals.length; i += 3)
    if (cx * (normals[i] as number) + cy * (normals[i + 1] as number) + cz * (normals[i + 2] as number) <= 0)
      return null;
  return { cell, normals };
}

type Vector = [number, number, number];

function unitVector(lat: number, lng: number): Vector {
  const phi = lat * RAD;
  const lambda = lng * RAD;
  const c = Math.cos(phi);
  return [c * Math.cos(lambda), c * Math.sin(lambda), Math.sin(phi)];
}

function centroid(vertices: readonly Vector[]): Vector {
  let x = 0;
  let y = 0;
  let z = 0;
  for (const [vx, vy, vz] of vertices) {
    x += vx;
    y += vy;
    z += vz;
  }
  return [x, y, z];
}

function inside(shape: CellShape, x: number, y: number, z: number): boolean {
  const n = shape.normals;
  for (let i = 0; i < n.length; i += 3)
    if (x * (n[i] as number) + y * (n[i + 1] as number) + z * (n[i + 2] as number) <= MARGIN) return false;
  return true;
}

/**
 * `latLngToCell(lat, lng, resolution)` with the last few cells it answered remembered: a point well
 * inside one of them (six dot products) is answered without h3-js (≈ 1.2 µs a call, most of a
 * fingerprint fold's H3 cost). Fixes of a phone fall mostly in the few cells where it stays. Any other
 * point goes to h3-js; a property test holds the answers equal to h3-js's worldwide.
 */
export function makeCellLocator(resolution: number): (lat: number, lng: number) => string {
  const recent: CellShape[] = [];
  const shapes = new Map<string, CellShape | typeof ONCE | null>();
  return (lat, lng) => {
    const phi = lat * RAD;
    const lambda = lng * RAD;
    const c = Math.cos(phi);
    const x = c * Math.cos(lambda);
    const y = c * Math.sin(lambda);
    const z = Math.sin(phi);
    for (let i = 0; i < recent.length; i++) {
      const shape = recent[i] as CellShape;
      if (!inside(shape, x, y, z)) continue;
      if (i > 0) {
        recent.splice(i, 1);
        recent.unshift(shape);
      }
      return shape.cell;
    }
    const cell = latLngToCell(lat, lng, resolution);
    // A cell's shape costs several h3-js calls: it is worked out at the cell's second point, not its first.
    let shape = shapes.get(cell);
    if (shape === undefined) {
      if (shapes.size >= SHAPES_KEPT) shapes.clear();
      shapes.set(cell, ONCE);
      return cell;
    }
    if (shape === ONCE) {
      shape = shapeOf(cell);
      shapes.set(cell, shape);
    }
    if (shape) {
      const known = recent.indexOf(shape);
      if (known !== -1) recent.splice(known, 1);
      recent.unshift(shape);
      if (recent.length > REMEMBERED) recent.pop();
    }
    return cell;
  };
}
