import fs from 'node:fs';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { continuousAcrossAntimeridian } from '../../../components/map/antimeridian';
import { countriesNear } from '../../../components/map/countries-near';

const raw = JSON.parse(fs.readFileSync('node_modules/world-atlas/countries-10m.json', 'utf8')) as Topology<{
  countries: GeometryCollection;
}>;
const world = continuousAcrossAntimeridian(feature(raw, raw.objects.countries));
const names = (fc: typeof world) => fc.features.map((f) => String(f.properties?.name));

describe('countriesNear', () => {
  it('keeps the region of a case in São Paulo and leaves the far side of the world out', () => {
    const near = names(
      countriesNear(world, [
        [-46.8, -23.7],
        [-46.5, -23.4],
      ]),
    );
    expect(near).toEqual(expect.arrayContaining(['Brazil', 'Paraguay', 'Uruguay']));
    expect(near).not.toContain('Japan');
    expect(near).not.toContain('Germany'); // France stays: French Guiana is in its box
    expect(near.length).toBeLessThan(world.features.length / 5);
  });

  it('finds Fiji from either side of the antimeridian', () => {
    expect(
      names(
        countriesNear(world, [
          [-179.9, -18],
          [-179.5, -17.5],
        ]),
      ),
    ).toContain('Fiji');
    expect(
      names(
        countriesNear(world, [
          [178.2, -18],
          [178.6, -17.5],
        ]),
      ),
    ).toContain('Fiji');
  });
});
