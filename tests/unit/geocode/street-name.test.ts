import { describe, expect, it } from 'vitest';
import { geocoderConfigFromEnv } from '../../../lib/geocode/geocoder-config.ts';
import { nameSimilarity } from '../../../lib/geocode/string-similarity.ts';
import { normalizeStreetName } from '../../../lib/geocode/street-name.ts';

describe('normalizeStreetName', () => {
  it.each([
    ['R. Sto. Antônio', 'BR', 'rua santo antonio', 'santo antonio'],
    ['Av. Brig. Faria Lima', 'BR', 'avenida brigadeiro faria lima', 'brigadeiro faria lima'],
    ['Al. Santos', 'BR', 'alameda santos', 'santos'],
    ['Trav. do Ouvidor', 'BR', 'travessa do ouvidor', 'ouvidor'],
    ['Pç. da Sé', 'BR', 'praca da se', 'se'],
    ['Rod. Anhanguera', 'BR', 'rodovia anhanguera', 'anhanguera'],
    ['Est. do Galeão', 'BR', 'estrada do galeao', 'galeao'],
    ['N Main St', 'US', 'north main street', 'north main'],
    ['Sunset Blvd', 'US', 'sunset boulevard', 'sunset'],
    ['Old Mill Rd NW', 'US', 'old mill road northwest', 'old mill northwest'],
    ['Amphitheatre Pkwy', 'US', 'amphitheatre parkway', 'amphitheatre'],
    ['Calle del Príncipe', 'ES', 'calle del principe', 'principe'],
    ['Avda. de Mayo', 'AR', 'avenida de mayo', 'mayo'],
    ['Pso. de la Reforma', 'MX', 'paseo de la reforma', 'reforma'],
    ['Cra. Séptima', 'CO', 'carrera septima', 'septima'],
  ])('%s (%s) → %s', (name, cc, full, core) => {
    expect(normalizeStreetName(name, cc)).toMatchObject({ full, core });
  });

  it('compares Spanish streets by their names, not by the shared type word', () => {
    // With "calle" in the core, two different streets one letter apart scored 0.9 and matched each other.
    const a = normalizeStreetName('Calle Baba', 'ES').core;
    const b = normalizeStreetName('Calle Bara', 'ES').core;
    expect(nameSimilarity(a, b)).toBeLessThan(0.8);
  });

  it('guesses Brazilian rules from a Portuguese street type when the country is unknown', () => {
    expect(normalizeStreetName('Av Paulista', null).full).toBe('avenida paulista');
  });
});

describe('nameSimilarity', () => {
  it('tolerates one typo or transposition', () => {
    expect(nameSimilarity('augusta', 'augsuta')).toBeGreaterThanOrEqual(0.8);
    expect(nameSimilarity('augusta', 'augsta')).toBeGreaterThanOrEqual(0.8);
    expect(nameSimilarity('augusta', 'paulista')).toBeLessThan(0.8);
  });
});

describe('geocoderConfigFromEnv', () => {
  it('reads the URL, kind and timeout', () => {
    expect(
      geocoderConfigFromEnv({
        GEOCODER_URL: 'http://pelias:4000',
        GEOCODER_KIND: 'pelias',
        GEOCODER_TIMEOUT_MS: '800',
      }),
    ).toEqual({
      url: 'http://pelias:4000',
      kind: 'pelias',
      timeoutMs: 800,
    });
    expect(geocoderConfigFromEnv({})).toEqual({ url: null, kind: 'nominatim', timeoutMs: 1500 });
    expect(() => geocoderConfigFromEnv({ GEOCODER_KIND: 'google' })).toThrow(/GEOCODER_KIND/);
  });
});
