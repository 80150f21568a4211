import type { AddressParts } from '../address-parts.ts';
import type { SourceMatch } from '../types.ts';

/** What the chain asks a self-hosted geocoder: the parts, and the line as typed when there was one. */
export interface RemoteQuery {
  parts: AddressParts;
  countryCode: string | null;
  line: string | null;
}

/** One self-hosted geocoder's wire format: how to ask, and how to read the answer (null = not found). */
export interface RemoteAdapter {
  kind: 'nominatim' | 'pelias' | 'photon';
  requestUrl(baseUrl: string, query: RemoteQuery): string | null;
  readResponse(body: unknown): SourceMatch | null;
}

/** Free text for geocoders that take one string: the line as typed, else the parts joined. */
export function freeText(query: RemoteQuery): string {
  if (query.line) return query.line;
  const p = query.parts;
  const street = [p.street, p.number].filter(Boolean).join(' ');
  return [street, p.neighborhood, p.city, p.state, p.postalCode, query.countryCode]
    .filter(Boolean)
    .join(', ');
}

export function joinUrl(
  baseUrl: string,
  path: string,
  params: Record<string, string | null | undefined>,
): string {
  const url = new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
  return url.toString();
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first feature of a GeoJSON FeatureCollection (Pelias, Photon) with a finite point, or null. */
export function firstPointFeature(body: unknown): {
  feature: Record<string, unknown>;
  properties: Record<string, unknown>;
  point: { lat: number; lng: number };
} | null {
  if (!isRecord(body) || !Array.isArray(body.features)) return null;
  const feature: unknown = body.features[0];
  if (!isRecord(feature) || !isRecord(feature.geometry) || !isRecord(feature.properties)) return null;
  const [lng, lat] = Array.isArray(feature.geometry.coordinates)
    ? feature.geometry.coordinates.map(Number)
    : [];
  if (lat === undefined || lng === undefined || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return { feature, properties: feature.properties, point: { lat, lng } };
}
