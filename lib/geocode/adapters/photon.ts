import { DEFAULT_UNCERTAINTY_M } from '../address-levels.ts';
import { bboxRadiusM } from '../geo-distance.ts';
import type { AddressMatch } from '../types.ts';
import { firstPointFeature, freeText, joinUrl, type RemoteAdapter } from './remote-adapter.ts';

/**
 * Photon `/api?q=`: a GeoJSON FeatureCollection; `properties.type` (house|street|locality|district|city|
 * county|state|country|other), `osm_key`/`osm_value`, `countrycode`, and `extent` [minLng, maxLat, maxLng, minLat].
 */
const TYPE_LEVEL: Record<string, Exclude<AddressMatch, 'no_match'>> = {
  house: 'number',
  street: 'street',
  locality: 'neighborhood',
  district: 'neighborhood',
  city: 'city',
  county: 'state',
  state: 'state',
  country: 'country',
};

function levelOf(props: Record<string, unknown>): Exclude<AddressMatch, 'no_match'> {
  const byType = TYPE_LEVEL[String(props.type)];
  if (byType) return byType;
  if (props.osm_value === 'postcode') return 'postal_code';
  return props.housenumber ? 'number' : 'city';
}

export const photonAdapter: RemoteAdapter = {
  kind: 'photon',
  requestUrl(baseUrl, query) {
    const q = freeText(query);
    return q ? joinUrl(baseUrl, 'api', { q, limit: '1' }) : null;
  },
  readResponse(body) {
    const first = firstPointFeature(body);
    if (!first) return null;
    const { properties, point } = first;
    const level = levelOf(properties);
    const extent = Array.isArray(properties.extent) ? properties.extent.map(Number) : [];
    const [minLng, maxLat, maxLng, minLat] = extent;
    const uncertaintyM =
      minLng !== undefined && maxLat !== undefined && maxLng !== undefined && minLat !== undefined
        ? Math.max(10, bboxRadiusM(minLat, minLng, maxLat, maxLng))
        : DEFAULT_UNCERTAINTY_M[level];
    return { point, uncertaintyM, addressMatch: level, source: 'photon' };
  },
};
