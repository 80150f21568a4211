import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gazetteerData } from '../../../lib/geocode/gazetteer-data.ts';
import type { RemoteKind } from '../../../lib/geocode/adapters/remote-geocoder.ts';
import { createGeocoder } from '../../../lib/geocode/create-geocoder.ts';

// Real response shapes (trimmed) of each self-hosted geocoder, for a house and for "not found".
const FOUND: Record<RemoteKind, unknown> = {
  nominatim: [
    {
      place_id: 1,
      osm_type: 'node',
      osm_id: 42,
      lat: '-23.5555',
      lon: '-46.6588',
      category: 'place',
      type: 'house',
      place_rank: 30,
      addresstype: 'place',
      name: '',
      display_name: '1500, Rua Augusta, São Paulo',
      boundingbox: ['-23.5555500', '-23.5554500', '-46.6588500', '-46.6587500'],
    },
  ],
  pelias: {
    type: 'FeatureCollection',
    geocoding: { version: '0.2' },
    features: [
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [-46.6588, -23.5555] },
        properties: {
          layer: 'address',
          match_type: 'exact',
          accuracy: 'point',
          confidence: 1,
          housenumber: '1500',
          street: 'Rua Augusta',
          country_a: 'BRA',
        },
      },
    ],
  },
  photon: {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [-46.6588, -23.5555] },
        properties: {
          osm_type: 'N',
          osm_id: 42,
          osm_key: 'place',
          osm_value: 'house',
          type: 'house',
          housenumber: '1500',
          street: 'Rua Augusta',
          countrycode: 'BR',
          city: 'São Paulo',
        },
      },
    ],
  },
};
const CITY: Record<RemoteKind, unknown> = {
  nominatim: [
    {
      lat: '-23.5506507',
      lon: '-46.6333824',
      category: 'boundary',
      type: 'administrative',
      place_rank: 16,
      addresstype: 'city',
      boundingbox: ['-24.0082', '-23.3566', '-46.8262', '-46.3650'],
    },
  ],
  pelias: {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        bbox: [-46.826, -24.008, -46.365, -23.356],
        geometry: { type: 'Point', coordinates: [-46.633, -23.55] },
        properties: { layer: 'locality', match_type: 'fallback', accuracy: 'centroid', confidence: 0.6 },
      },
    ],
  },
  photon: {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [-46.633, -23.55] },
        properties: {
          type: 'city',
          osm_key: 'place',
          osm_value: 'city',
          countrycode: 'BR',
          extent: [-46.826, -23.356, -46.365, -24.008],
        },
      },
    ],
  },
};
const NOT_FOUND: Record<RemoteKind, unknown> = {
  nominatim: [],
  pelias: { type: 'FeatureCollection', features: [] },
  photon: { type: 'FeatureCollection', features: [] },
};
const PATHS: Record<RemoteKind, string> = { nominatim: '/search', pelias: '/v1/search', photon: '/api' };

let server: Server;
let base = '';
let mode: 'found' | 'city' | 'not_found' | 'hang' | 'error' = 'found';
const requests: string[] = [];

beforeAll(async () => {
  // Loaded as `locus serve` does at start-up: inside a 300 ms remote timeout its first load would be a miss.
  gazetteerData();
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const kind = (req.url ?? '').split('/')[1] as RemoteKind;
    if (mode === 'hang') return; // never answers: the client must time out
    if (mode === 'error') {
      res.writeHead(500).end('boom');
      return;
    }
    const body = mode === 'found' ? FOUND[kind] : mode === 'city' ? CITY[kind] : NOT_FOUND[kind];
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const LINE = 'Rua Augusta, 1500, São Paulo - SP';
const KINDS: RemoteKind[] = ['nominatim', 'pelias', 'photon'];

describe.each(KINDS)('%s adapter', (kind) => {
  const geocoder = () =>
    createGeocoder({ db: null, config: { url: `${base}/${kind}`, kind, timeoutMs: 300 } });

  it('maps a house to number level with good quality', async () => {
    mode = 'found';
    const result = await geocoder().geocode({ addressLine: LINE });
    expect(result).toMatchObject({ source: kind, addressMatch: 'number', geocodeQuality: 'good' });
    expect(result.point?.lat).toBeCloseTo(-23.5555, 4);
    expect(requests.at(-1)).toContain(PATHS[kind]);
  });

  it('maps a city fallback to city level with poor quality', async () => {
    mode = 'city';
    const result = await geocoder().geocode({
      structured: {
        street: 'Rua Inexistente',
        number: '1',
        city: 'São Paulo',
        state: 'SP',
        country_code: 'BR',
      },
    });
    expect(result).toMatchObject({ source: kind, addressMatch: 'city', geocodeQuality: 'poor' });
  });

  it('not found degrades to the embedded gazetteer', async () => {
    mode = 'not_found';
    const result = await geocoder().geocode({ addressLine: 'Rua Augusta, 1501, Sao Paulo' });
    expect(result).toMatchObject({ source: 'gazetteer', addressMatch: 'city' });
  });

  it('a hanging server times out and degrades without throwing', async () => {
    mode = 'hang';
    const errors: string[] = [];
    const hanging = createGeocoder({
      db: null,
      config: { url: `${base}/${kind}`, kind, timeoutMs: 100 },
      onSourceError: (_s, reason) => errors.push(reason),
    });
    const result = await hanging.geocode({ addressLine: 'Rua Augusta, 1502, Sao Paulo' });
    expect(result).toMatchObject({ source: 'gazetteer', addressMatch: 'city' });
    expect(errors[0]).toMatch(/Timeout|abort/i);
  });

  it('an HTTP error degrades without throwing', async () => {
    mode = 'error';
    const result = await geocoder().geocode({ addressLine: 'Rua Augusta, 1503, Sao Paulo' });
    expect(result).toMatchObject({ source: 'gazetteer', addressMatch: 'city' });
  });

  it('a server that is down (connection refused) degrades without throwing', async () => {
    const down = createGeocoder({ db: null, config: { url: 'http://127.0.0.1:9/', kind, timeoutMs: 300 } });
    const result = await down.geocode({ addressLine: LINE });
    expect(result).toMatchObject({ source: 'gazetteer', addressMatch: 'city', geocodeQuality: 'poor' });
  });

  it('caches answers: the same query is asked once', async () => {
    mode = 'found';
    const cached = geocoder();
    await cached.geocode({ addressLine: 'Rua Augusta, 1504, São Paulo' });
    const before = requests.length;
    await cached.geocode({ addressLine: 'Rua Augusta, 1504, São Paulo' });
    expect(requests.length).toBe(before);
  });
});
