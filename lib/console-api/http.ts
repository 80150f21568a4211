import type { z } from 'zod';
import { apiBaseUrl } from './config';
import { ConsoleApiError, errorCodeForStatus } from './console-api-error';

export interface ApiRequest<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | boolean | undefined | null | string[]>;
  body?: unknown;
  token?: string;
  schema: S;
}

/** One call to the risk API, its reply checked against the contract; failures become ConsoleApiError. */
export async function apiRequest<S extends z.ZodType>(req: ApiRequest<S>): Promise<z.output<S>> {
  const url = new URL(apiBaseUrl() + req.path);
  for (const [key, value] of Object.entries(req.query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    url.searchParams.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (req.token) headers.authorization = `Bearer ${req.token}`;
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method: req.method ?? 'GET',
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      cache: 'no-store',
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new ConsoleApiError('unavailable', `risk API unreachable: ${(error as Error).message}`);
  }
  const text = await response.text();
  if (!response.ok)
    throw new ConsoleApiError(errorCodeForStatus(response.status), errorMessage(text), response.status);
  const parsed = req.schema.safeParse(text ? JSON.parse(text) : {});
  if (!parsed.success) {
    throw new ConsoleApiError('unavailable', `unexpected reply from ${req.path}: ${parsed.error.message}`);
  }
  return parsed.data;
}

function errorMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: unknown; errors?: unknown };
    if (typeof body.message === 'string') return body.message;
    if (Array.isArray(body.errors)) return body.errors.map(String).join('; ');
    if (typeof body.error === 'string') return body.error;
  } catch {
    // not JSON: fall through to the raw text
  }
  return text.slice(0, 300) || 'request failed';
}
