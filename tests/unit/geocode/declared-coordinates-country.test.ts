import { beforeAll, describe, expect, it } from 'vitest';
import { geocodeAddress } from '../../../lib/geocode/geocode-address.ts';
import { gazetteerData } from '../../../lib/geocode/gazetteer-data.ts';
import { LruCache } from '../../../lib/geocode/lru-cache.ts';

// A Brazilian text with coordinates on it (Av. Paulista) and coordinates in Asunción, Paraguay: the same
// text, consistent in one case and in another country in the other.
const LINE = 'Avenida Paulista 1578, Bela Vista, São Paulo - SP, 01310-200, Brasil';
const PAULISTA = { lat: -23.5614, lng: -46.6559 };
const ASUNCION = { lat: -25.2637, lng: -57.5759 };

function chain() {
  return { db: null, remote: null, countryCache: new LruCache<string | null>(10) };
}

describe('the country of declared coordinates', () => {
  // Loading the gazetteer is not what is tested (seconds on a busy machine).
  beforeAll(() => void gazetteerData(), 120_000);

  it('downgrades a text declared with coordinates in another country, and keeps it when they agree', async () => {
    const deps = chain();
    const home = await geocodeAddress(deps, { addressLine: LINE, coordinates: PAULISTA });
    const abroad = await geocodeAddress(deps, { addressLine: LINE, coordinates: ASUNCION });
    expect(home.addressQuality).toBe('good');
    expect(abroad.addressQuality).toBe('medium');
  });

  it('is looked up once per exact coordinates and remembered', async () => {
    const deps = chain();
    await geocodeAddress(deps, { addressLine: LINE, coordinates: PAULISTA });
    expect(deps.countryCache.get(`${PAULISTA.lat},${PAULISTA.lng}`)).toBe('BR');
    // What is remembered is what decides: a (false) memory of Paraguay for these coordinates downgrades.
    deps.countryCache.set(`${PAULISTA.lat},${PAULISTA.lng}`, 'PY');
    const remembered = await geocodeAddress(deps, { addressLine: LINE, coordinates: PAULISTA });
    expect(remembered.addressQuality).toBe('medium');
    expect(deps.countryCache.get(`${ASUNCION.lat},${ASUNCION.lng}`)).toBeUndefined();
  });
});
