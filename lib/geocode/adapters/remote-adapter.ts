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
