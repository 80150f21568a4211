import type { GeoHouseNumbersTable, GeoStreetsTable } from '../../db/schema/geodata.ts';
import { distanceM } from '../geo-distance.ts';
import { houseNumberKey, houseNumberValue } from '../house-number.ts';
import { normalizeStreetName } from '../street-name.ts';

export type LatLng = [number, number];

/** Turns one named highway way into its index row; null when its nodes are missing from the extract. */
export function streetRow(
  id: number,
  name: string,
  points: LatLng[],
  countryCode: string | null,
): GeoStreetsTable | null {
  if (points.length === 0) return null;
  const normalized = normalizeStreetName(name, countryCode);
  if (normalized.core === '') return null;
  let lengthM = 0;
  for (let i = 1; i < points.length; i++) {
    const [aLat, aLng] = points[i - 1] ?? [0, 0];
    const [bLat, bLng] = points[i] ?? [0, 0];
    lengthM += distanceM({ lat: aLat, lng: aLng }, { lat: bLat, lng: bLng });
  }
  const lats = points.map((p) => p[0]);
  const lngs = points.map((p) => p[1]);
  return {
    osm_id: `w${id}`,
    country_code: countryCode,
    name,
    name_norm: normalized.full,
    name_core: normalized.core,
    core_prefix: normalized.core.slice(0, 3),
    street_type: normalized.type,
    center_lat: lats.reduce((s, v) => s + v, 0) / lats.length,
    center_lng: lngs.reduce((s, v) => s + v, 0) / lngs.length,
    min_lat: Math.min(...lats),
    min_lng: Math.min(...lngs),
    max_lat: Math.max(...lats),
    max_lng: Math.max(...lngs),
    length_m: lengthM,
    geometry: JSON.stringify(points.map(([lat, lng]) => [Number(lat.toFixed(7)), Number(lng.toFixed(7))])),
  };
}

export function houseNumberRow(
  osmId: string,
  tags: Record<string, string>,
  point: LatLng,
  countryCode: string | null,
): GeoHouseNumbersTable | null {
  const number = tags['addr:housenumber'];
  const street = tags['addr:street'];
  if (!number || !street) return null;
  return {
    osm_id: osmId,
    country_code: countryCode,
    street_core: normalizeStreetName(street, countryCode).core,
    number: houseNumberKey(number),
    number_value: houseNumberValue(number),
    lat: point[0],
    lng: point[1],
    postcode: tags['addr:postcode'] ?? null,
  };
}
