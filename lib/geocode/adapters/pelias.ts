import { DEFAULT_UNCERTAINTY_M } from '../address-levels.ts';
import { bboxRadiusM } from '../geo-distance.ts';
import type { AddressMatch } from '../types.ts';
import { firstPointFeature, joinUrl, type RemoteAdapter } from './remote-adapter.ts';

/**
 * Pelias `/v1/search/structured`: a GeoJSON FeatureCollection; each feature has `geometry.coordinates`
 * [lng, lat], optional `bbox` [minLng, minLat, maxLng, maxLat] and `properties.layer`, `match_type`
 * (exact|interpolated|fallback), `accuracy` (point|centroid), `confidence`.
 */
const LAYER_LEVEL: Record<string, Exclude<AddressMatch, 'no_match'>> = {
  address: 'number',
  venue: 'number',
  street: 'street',
  neighbourhood: 'neighborhood',
  borough: 'neighborhood',
  postalcode: 'postal_code',
  locality: 'city',
  localadmin: 'city',
  county: 'state',
  macrocounty: 'state',
  region: 'state',
  macroregion: 'state',
  dependency: 'country',
  country: 'country',
};

/** Interpolated house numbers are estimates along the street, not points on a building. */
const INTERPOLATED_UNCERTAINTY_M = 60;

export const peliasAdapter: RemoteAdapter = {
  kind: 'pelias',
  requestUrl(baseUrl, { parts, countryCode, line }) {
    const address = [parts.number, parts.street].filter(Boolean).join(' ');
    const params = {
      address: address || null,
      neighbourhood: parts.neighborhood,
      locality: parts.city,
      region: parts.state,
      postalcode: parts.postalCode,
      country: countryCode,
      size: '1',
    };
    // The structured endpoint needs at least one field; a bare line goes to /v1/search.
    if (!address && !parts.city && !parts.state && !parts.postalCode) {
      return line ? joinUrl(baseUrl, 'v1/search', { text: line, size: '1' }) : null;
    }
    return joinUrl(baseUrl, 'v1/search/structured', params);
  },
  readResponse(body) {
    const first = firstPointFeature(body);
    if (!first) return null;
    const { feature, properties: props, point } = first;
    const level = LAYER_LEVEL[String(props.layer)] ?? 'city';
    let uncertaintyM: number = DEFAULT_UNCERTAINTY_M[level];
    const bbox = Array.isArray(feature.bbox) ? feature.bbox.map(Number) : [];
    const [minLng, minLat, maxLng, maxLat] = bbox;
    if (minLng !== undefined && minLat !== undefined && maxLng !== undefined && maxLat !== undefined) {
      uncertaintyM = Math.max(10, bboxRadiusM(minLat, minLng, maxLat, maxLng));
    }
    if (level === 'number')
      uncertaintyM =
        props.match_type === 'interpolated' ? INTERPOLATED_UNCERTAINTY_M : DEFAULT_UNCERTAINTY_M.number;
    return { point, uncertaintyM, addressMatch: level, source: 'pelias' };
  },
};
