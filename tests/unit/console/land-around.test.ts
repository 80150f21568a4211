import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { boxAround, landAround } from '../../../lib/console-api/land-around';
import { clipRingToBox } from '../../../lib/domain/geo/clip-ring-to-box';
import { simplifyLine } from '../../../lib/domain/geo/simplify-line';

const SAO_PAULO: [[number, number], [number, number]] = [
  [-46.8, -23.7],
  [-46.5, -23.3],
];
const names = (land: ReturnType<typeof landAround>) => land.features.map((f) => String(f.properties?.name));
const positions = (land: ReturnType<typeof landAround>) =>
  land.features.flatMap((f) => f.geometry.coordinates.flat(2) as unknown as Position[]);

/** Twice the area of a closed ring (shoelace), positive or negative by its direction. */
const area2 = (ring: Position[]) =>
  ring.slice(1).reduce((sum, p, i) => sum + ring[i]![0]! * p[1]! - p[0]! * ring[i]![1]!, 0);

describe('clipRingToBox', () => {
  it('cuts a square to the part inside the box, closed', () => {
    const square: Position[] = [
      [0, 0],
      [4, 0],
      [4, 4],
      [0, 4],
      [0, 0],
    ];
    const clipped = clipRingToBox(square, [2, -1, 6, 3])!;
    expect(clipped[0]).toEqual(clipped.at(-1));
    expect(Math.abs(area2(clipped)) / 2).toBeCloseTo(2 * 3);
    for (const [x = 0, y = 0] of clipped) {
      expect(x).toBeGreaterThanOrEqual(2);
      expect(y).toBeLessThanOrEqual(3);
    }
  });

  it('keeps nothing of a ring outside the box', () => {
    const far: Position[] = [
      [10, 10],
      [11, 10],
      [11, 11],
      [10, 10],
    ];
    expect(clipRingToBox(far, [0, 0, 5, 5])).toBeNull();
  });
});

describe('simplifyLine', () => {
  it('leaves out the vertices that move the line less than the tolerance and keeps the corners', () => {
    const line: Position[] = [
      [0, 0],
      [1, 0.001],
      [2, 0],
      [2, 2],
      [0, 2],
      [0, 0],
    ];
    expect(simplifyLine(line, 0.01)).toEqual([
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 2],
      [0, 0],
    ]);
    expect(simplifyLine(line, 0.0001)).toHaveLength(line.length);
  });
});

describe('landAround', () => {
  it('sends the land around a case in São Paulo: Brazil only, within the box, a few thousand vertices', () => {
    const land = landAround(SAO_PAULO);
    expect(names(land)).toEqual(['Brazil']);
    const [west, south, east, north] = boxAround(SAO_PAULO);
    const all = positions(land);
    expect(all.length).toBeGreaterThan(10);
    expect(all.length).toBeLessThan(5_000);
    for (const [lng = 0, lat = 0] of all) {
      expect(lng).toBeGreaterThanOrEqual(west - 1e-9);
      expect(lng).toBeLessThanOrEqual(east + 1e-9);
      expect(lat).toBeGreaterThanOrEqual(south - 1e-9);
      expect(lat).toBeLessThanOrEqual(north + 1e-9);
    }
    // The case's own spot is land: some polygon's box holds it.
    expect(JSON.stringify(land).length).toBeLessThan(100_000);
  });

  it('finds Fiji from either side of the antimeridian', () => {
    const east: [[number, number], [number, number]] = [
      [178.2, -18],
      [178.6, -17.5],
    ];
    const west: [[number, number], [number, number]] = [
      [-179.9, -18],
      [-179.5, -17.5],
    ];
    expect(names(landAround(east))).toContain('Fiji');
    expect(names(landAround(west))).toContain('Fiji');
  });

  it('keeps a wide view small by simplifying it to the size of its box', () => {
    const atlantic: [[number, number], [number, number]] = [
      [-46.8, -23.7],
      [2.35, 48.86], // São Paulo to Paris
    ];
    const land = landAround(atlantic);
    expect(names(land)).toEqual(expect.arrayContaining(['Brazil', 'France', 'Morocco']));
    expect(positions(land).length).toBeLessThan(60_000);
  });
});
