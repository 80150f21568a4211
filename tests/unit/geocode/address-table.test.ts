import { beforeAll, describe, expect, it } from 'vitest';
import { createGeocoder } from '../../../lib/geocode/create-geocoder.ts';
import { gazetteerData } from '../../../lib/geocode/gazetteer-data.ts';
import type { AddressMatch } from '../../../lib/geocode/types.ts';

// Embedded default only (no street index, no remote geocoder): the finest honest level is
// neighbourhood / postal code / city; a street is never claimed without street data.
const geocoder = createGeocoder({ db: null, config: { url: null, kind: 'nominatim', timeoutMs: 100 } });

type Row = [
  line: string,
  match: AddressMatch,
  addressQuality: 'good' | 'medium' | 'poor',
  country: string | null,
  city: string | null,
];

const TABLE: Row[] = [
  ['Rua Augusta, 1500, São Paulo - SP, 01304-001', 'city', 'good', 'BR', 'sao paulo'],
  ['R. Augusta 1500 Sao Paulo SP', 'city', 'good', 'BR', 'sao paulo'],
  ['r augusta, 1500, sao paulo', 'city', 'good', 'BR', 'sao paulo'],
  ['av paulista, 1000, sao paulo, sp, 01310100', 'city', 'good', 'BR', 'sao paulo'],
  ['Av. Paulista, 1578 - Bela Vista, São Paulo/SP, CEP 01310-200', 'neighborhood', 'good', 'BR', 'sao paulo'],
  ['Avenida Paulista 1578, Bela Vista, Sao Paulo, Brasil', 'neighborhood', 'good', 'BR', 'sao paulo'],
  ['Al. Santos, 2000, Jardim Paulista, São Paulo', 'neighborhood', 'good', 'BR', 'sao paulo'],
  ['Rua Oscar Freire, 900, apto 12, Pinheiros, São Paulo', 'neighborhood', 'good', 'BR', 'sao paulo'],
  ['Rua 25 de Março, 100, São Paulo, SP', 'city', 'good', 'BR', 'sao paulo'],
  ['Trav. do Ouvidor, 10, Rio de Janeiro, RJ', 'city', 'good', 'BR', 'rio de janeiro'],
  ['Pç. da Liberdade, s/n, Belo Horizonte - MG', 'city', 'medium', 'BR', 'belo horizonte'],
  ['Rod. Raposo Tavares, km 14, Sao Paulo', 'city', 'medium', 'BR', 'sao paulo'],
  ['Est. do Galeão, 1000, Rio de Janeiro', 'city', 'good', 'BR', 'rio de janeiro'],
  ['rua xv de novembro, 50, curitiba, pr, 80020-310', 'city', 'good', 'BR', 'curitiba'],
  ['Curitiba, PR', 'city', 'poor', 'BR', 'curitiba'],
  ['campinas', 'city', 'poor', 'BR', 'campinas'],
  ['01310-100', 'state', 'poor', 'BR', null],
  ['Rua Augusta, 1500, São Paulo, RJ', 'city', 'medium', 'BR', 'sao paulo'],
  ['Rua Augusta, 1500, São Paulo, SP, 2000-00', 'city', 'medium', 'BR', 'sao paulo'],
  [',,Rua Augusta,, 1500,, São Paulo,,', 'city', 'good', 'BR', 'sao paulo'],
  ['350 5th Ave, New York, NY 10118', 'postal_code', 'good', 'US', 'new york city'],
  ['350 Fifth Avenue, New York, NY 10118-0110', 'postal_code', 'good', 'US', 'new york city'],
  ['1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA', 'postal_code', 'good', 'US', 'mountain view'],
  ['1600 amphitheatre parkway mountain view ca', 'city', 'good', 'US', 'mountain view'],
  ['123 N Main St Apt 4, Austin, TX 78701', 'postal_code', 'good', 'US', 'austin'],
  ['500 W 6th St, Austin, TX', 'city', 'good', 'US', 'austin'],
  ['Austin, TX', 'city', 'poor', 'US', 'austin'],
  ['austin tx 78701', 'postal_code', 'medium', 'US', 'austin'],
  ['94103', 'postal_code', 'poor', 'US', null],
  ['100 Congress Ave., Austin, Texas, 78701', 'postal_code', 'good', 'US', 'austin'],
  ['1 Main St, Springfield, IL 62701', 'postal_code', 'good', 'US', 'springfield'],
  ['742 Evergreen Terrace, Springfield, NY 10001', 'postal_code', 'medium', 'US', 'springfield'],
  ['Nowhereville Street, Qwxyz', 'no_match', 'poor', null, 'qwxyz'],
];

describe('address lines as people type them (embedded gazetteer only)', () => {
  // The gazetteer's first load (~1 s idle, far more on a busy machine) is start-up work, not part of a lookup.
  beforeAll(() => void gazetteerData(), 120_000);

  it.each(TABLE)('%s → %s', async (line, match, addressQuality, country, city) => {
    const result = await geocoder.geocode({ addressLine: line });
    expect(result.addressMatch).toBe(match);
    expect(result.addressQuality).toBe(addressQuality);
    expect(result.normalized.countryCode).toBe(country);
    expect(result.normalized.city).toBe(city);
    // Without street data nothing is known within 250 m.
    expect(result.geocodeQuality).toBe('poor');
    expect(['street', 'number']).not.toContain(result.addressMatch);
    expect(result.source).toBe(match === 'no_match' ? 'none' : 'gazetteer');
  });

  it('has at least 30 rows', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(30);
  });
});
