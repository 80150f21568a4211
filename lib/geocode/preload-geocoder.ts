import { performance } from 'node:perf_hooks';
import { gazetteerData } from './gazetteer-data.ts';
import type { Geocoder } from './types.ts';

/**
 * Declared texts that walk every local source once: the parser, the gazetteer and its region names,
 * US ZIP and Brazilian CEP tables, the country polygons (declared coordinates), the street index's
 * statement. Coordinates keep the remote geocoder out of it.
 */
const PROBES = [
  { addressLine: '350 5th Ave, New York, NY 10118, USA', coordinates: { lat: 40.7484, lng: -73.9857 } },
  {
    addressLine: 'Avenida Paulista 1578, Bela Vista, São Paulo - SP, 01310-200, Brasil',
    coordinates: { lat: -23.5614, lng: -46.6559 },
  },
  {
    structured: { street: 'Rue de Rivoli', number: '99', city: 'Paris', country_code: 'FR' },
    coordinates: { lat: 48.8606, lng: 2.3376 },
  },
  // Country names as their people write them, in Latin and other scripts (region-names.ts).
  { addressLine: 'Calle Mayor 1, Madrid, España', coordinates: { lat: 40.4155, lng: -3.7074 } },
  { addressLine: 'Chuo-dori 1, Tokyo, 日本', coordinates: { lat: 35.6717, lng: 139.765 } },
];

/**
 * Loads what geocoding reads before the first request rather than during it (the gazetteer alone is
 * ~1 s of parsing), reporting progress: the first signup with an address line is then as fast as the
 * thousandth.
 */
export async function preloadGeocoder(geocoder: Geocoder, log: (line: Record<string, unknown>) => void) {
  const started = performance.now();
  log({ msg: 'geocoder: loading the gazetteer' });
  const places = gazetteerData().placesByName.size;
  log({
    msg: 'geocoder: gazetteer loaded',
    place_names: places,
    ms: Math.round(performance.now() - started),
  });
  for (const probe of PROBES) await geocoder.geocode(probe);
  log({ msg: 'geocoder: ready', ms: Math.round(performance.now() - started) });
}
