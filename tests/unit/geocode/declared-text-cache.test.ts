import { beforeAll, describe, expect, it, vi } from 'vitest';
import { geocodeAddress, type TextAnalysis } from '../../../lib/geocode/geocode-address.ts';
import { gazetteerData } from '../../../lib/geocode/gazetteer-data.ts';
import { LruCache } from '../../../lib/geocode/lru-cache.ts';
import { parseAddressLine } from '../../../lib/geocode/parse-address-line.ts';

vi.mock('../../../lib/geocode/parse-address-line.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../lib/geocode/parse-address-line.ts')>();
  return { ...original, parseAddressLine: vi.fn(original.parseAddressLine) };
});

const LINE = 'Avenida Paulista 1578, Bela Vista, São Paulo - SP, 01310-200, Brasil';
const PAULISTA = { lat: -23.5614, lng: -46.6559 };
const ASUNCION = { lat: -25.2637, lng: -57.5759 };

const cached = () => ({
  db: null,
  remote: null,
  textCache: new LruCache<TextAnalysis>(10),
  countryCache: new LruCache<string | null>(10),
});
const uncached = () => ({ db: null, remote: null });

/**
 * With coordinates given, what the text says (docs/GEOCODING.md, "The declared text on the request
 * path") is computed once per text: a text declared again costs no parse, and the answer is the one
 * an uncached chain gives — the coordinates are still judged against the text on every request.
 */
describe('the declared text, remembered', () => {
  // Loading the gazetteer is not what is tested (seconds on a busy machine).
  beforeAll(() => void gazetteerData(), 120_000);

  it('is parsed once whatever the coordinates declared with it, and answers as if parsed each time', async () => {
    const deps = cached();
    const parse = vi.mocked(parseAddressLine);
    parse.mockClear();
    const home = await geocodeAddress(deps, { addressLine: LINE, coordinates: PAULISTA });
    const abroad = await geocodeAddress(deps, { addressLine: `  ${LINE} `, coordinates: ASUNCION });
    const textOnly = await geocodeAddress(deps, { addressLine: LINE });
    expect(parse).toHaveBeenCalledTimes(1);
    expect(home).toEqual(await geocodeAddress(uncached(), { addressLine: LINE, coordinates: PAULISTA }));
    expect(abroad).toEqual(await geocodeAddress(uncached(), { addressLine: LINE, coordinates: ASUNCION }));
    expect(textOnly).toEqual(await geocodeAddress(uncached(), { addressLine: LINE }));
    expect([home.addressQuality, abroad.addressQuality]).toEqual(['good', 'medium']);
    expect(abroad.addressMatch).toBe(home.addressMatch);
    expect(abroad.normalized).toEqual(home.normalized);
  });

  it('is parsed again when the text differs', async () => {
    const deps = cached();
    const parse = vi.mocked(parseAddressLine);
    parse.mockClear();
    await geocodeAddress(deps, { addressLine: LINE, coordinates: PAULISTA });
    await geocodeAddress(deps, { addressLine: LINE.replace('1578', '1580'), coordinates: PAULISTA });
    expect(parse).toHaveBeenCalledTimes(2);
  });
});
