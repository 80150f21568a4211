import { describe, expect, it } from 'vitest';
import { createGeocoder } from '../../../lib/geocode/create-geocoder.ts';
import { distanceM } from '../../../lib/geocode/geo-distance.ts';
import { parseAddressLine } from '../../../lib/geocode/parse-address-line.ts';
import { countryCodeFor } from '../../../lib/geocode/region-names.ts';

const geocoder = createGeocoder({ db: null, config: { url: null, kind: 'nominatim', timeoutMs: 100 } });

describe('address lines written outside Brazil and the US', { timeout: 60_000 }, () => {
  it.each([
    ['España', 'ES'],
    ['Norge', 'NO'],
    ['Ísland', 'IS'],
    ['Deutschland', 'DE'],
    ['México', 'MX'],
    ['Brasil', 'BR'],
    ['Россия', 'RU'],
    ['日本', 'JP'],
  ])('knows the country by the name its people write: %s', (name, code) => {
    expect(countryCodeFor(name, false)).toBe(code);
  });

  it.each([
    ['Calle Mayor 12, Madrid, Madrid, España', 'ES', 'Calle Mayor', '12'],
    ['Storgata 12, Tromsø, Norge', 'NO', 'Storgata', '12'],
    ['Laugavegur 5, Reykjavík, Ísland', 'IS', 'Laugavegur', '5'],
    ['Jl. Sudirman 20, Jakarta, Indonesia', 'ID', 'Jl. Sudirman', '20'],
    ['Meiji-dori 3, Tokyo, Tokyo, 日本', 'JP', 'Meiji-dori', '3'],
  ])('reads the street and number of %s', (line, country, street, number) => {
    expect(parseAddressLine(line)).toMatchObject({ countryCode: country, street, number });
  });

  it('places a Spanish line in Spain, not at a same-name city across the world', async () => {
    const result = await geocoder.geocode({ addressLine: 'Calle Mayor 12, Vigo, Galicia, España' });
    expect(result.normalized.countryCode).toBe('ES');
    expect(distanceM(result.point!, { lat: 42.2328, lng: -8.7226 })).toBeLessThan(20_000);
  });

  it('does not take a state code for a street type', () => {
    expect(parseAddressLine('Curitiba, PR')).toMatchObject({ state: 'PR', city: 'Curitiba', street: null });
  });
});
