import fs from 'node:fs';
import type { FeatureCollection, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { continuousAcrossAntimeridian, continuousRing } from '../../../lib/domain/geo/antimeridian';

const longestStep = (ring: Position[]) =>
  ring.slice(1).reduce((max, p, i) => Math.max(max, Math.abs(p[0]! - ring[i]![0]!)), 0);
const spanOf = (ring: Position[]) => {
  const lngs = ring.map((p) => p[0]!);
  return Math.max(...lngs) - Math.min(...lngs);
};

function ringsOf(countries: FeatureCollection, name: string): Position[][] {
  const f = countries.features.find((c) => c.properties?.name === name);
  if (f?.geometry.type === 'Polygon') return f.geometry.coordinates;
  if (f?.geometry.type === 'MultiPolygon') return f.geometry.coordinates.flat();
  throw new Error(`${name} missing`);
}

describe('continuousRing', () => {
  it('keeps an island across the antimeridian in one piece instead of a band round the world', () => {
    const island: Position[] = [
      [179.5, -17],
      [-179.5, -17],
      [-179.5, -16],
      [179.5, -16],
      [179.5, -17],
    ];
    const ring = continuousRing(island);
    expect(ring.map((p) => p[0])).toEqual([179.5, 180.5, 180.5, 179.5, 179.5]);
    expect(spanOf(ring)).toBe(1);
  });

  it('leaves a ring that does not cross untouched', () => {
    const square: Position[] = [
      [10, 10],
      [11, 10],
      [11, 11],
      [10, 10],
    ];
    expect(continuousRing(square)).toEqual(square);
  });

  it('closes a ring round the south pole along the pole', () => {
    const round: Position[] = [
      [-180, -80],
      [-90, -78],
      [0, -79],
      [90, -77],
      [180, -80],
      [-180, -80],
    ];
    const ring = continuousRing(round);
    expect(longestStep(ring)).toBeLessThanOrEqual(180);
    expect(ring.at(-1)).toEqual(ring[0]);
    expect(ring.some((p) => p[1] === -90)).toBe(true);
  });
});

describe('the bundled Natural Earth 1:10m countries', () => {
  const raw = JSON.parse(fs.readFileSync('node_modules/world-atlas/countries-10m.json', 'utf8')) as Topology<{
    countries: GeometryCollection;
  }>;
  const before = feature(raw, raw.objects.countries);
  const after = continuousAcrossAntimeridian(before);

  it('has rings that jump across the world before (Fiji, Russia, Antarctica)', () => {
    for (const name of ['Fiji', 'Russia', 'Antarctica'])
      expect(Math.max(...ringsOf(before, name).map(longestStep))).toBeGreaterThan(180);
  });

  it('has none after, and Fiji spans a few degrees, not the world', () => {
    for (const f of after.features) {
      const rings =
        f.geometry.type === 'Polygon'
          ? f.geometry.coordinates
          : f.geometry.type === 'MultiPolygon'
            ? f.geometry.coordinates.flat()
            : [];
      for (const ring of rings) expect(longestStep(ring)).toBeLessThanOrEqual(180);
    }
    for (const ring of ringsOf(after, 'Fiji')) expect(spanOf(ring)).toBeLessThan(5);
  });
});
