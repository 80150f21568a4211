import { DEFAULT_UNCERTAINTY_M } from '../address-levels.ts';
import { bboxRadiusM } from '../geo-distance.ts';
import type { AddressMatch } from '../types.ts';
import { isRecord, joinUrl, type RemoteAdapter } from './remote-adapter.ts';

/**
 * Nominatim `/search?format=jsonv2`: an array of places with `lat`/`lon` strings, `category` (`class`
 * in format=json), `type`, `addresstype`, `place_rank` and `boundingbox` [minlat, maxlat, minlon, maxlon].
 */
function levelOf(place: Record<string, unknown>): Exclude<AddressMatch, 'no_match'> {
  const addresstype = String(place.addresstype ?? place.type ?? '');
  if (['house', 'building', 'house_number'].includes(addresstype)) return 'number';
  if (addresstype === 'postcode') return 'postal_code';
  const rank = Number(place.place_rank ?? 0);
  if (rank >= 28) return 'number';
  if (rank >= 26) return 'street';
  if (rank >= 17) return 'neighborhood';
  if (rank >= 12) return 'city';
  if (rank >= 5) return 'state';
  return 'country';
}

export const nominatimAdapter: RemoteAdapter = {
  kind: 'nominatim',
  requestUrl(baseUrl, { parts, countryCode, line }) {
    const common = {
      format: 'jsonv2',
      limit: '1',
      addressdetails: '1',
      countrycodes: countryCode?.toLowerCase(),
    };
    if (line) return joinUrl(baseUrl, 'search', { ...common, q: line });
    const street = [parts.number, parts.street].filter(Boolean).join(' ');
    return joinUrl(baseUrl, 'search', {
      ...common,
      street,
      city: parts.city,
      state: parts.state,
      postalcode: parts.postalCode,
    });
  },
  readResponse(body) {
    if (!Array.isArray(body)) return null;
    const first: unknown = body[0];
    if (!isRecord(first)) return null;
    const lat = Number(first.lat);
    const lng = Number(first.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
    const level = levelOf(first);
    const bbox = Array.isArray(first.boundingbox) ? first.boundingbox.map(Number) : [];
    const [minLat, maxLat, minLng, maxLng] = bbox;
    const fromBox =
      minLat !== undefined &&
      maxLat !== undefined &&
      minLng !== undefined &&
      maxLng !== undefined &&
      bbox.every(Number.isFinite)
        ? bboxRadiusM(minLat, minLng, maxLat, maxLng)
        : DEFAULT_UNCERTAINTY_M[level];
    return {
      point: { lat, lng },
      uncertaintyM: Math.max(10, fromBox),
      addressMatch: level,
      source: 'nominatim',
    };
  },
};
