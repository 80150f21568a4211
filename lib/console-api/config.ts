/** Where the console's server side reaches the risk API (never the browser). */
export function apiBaseUrl(): string {
  return (process.env.LOCUS_API_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
}

/** Optional real basemap; without it the console draws its bundled Natural Earth countries. */
export function mapStyleUrl(): string | null {
  const url = process.env.MAP_STYLE_URL?.trim();
  return url ? url : null;
}

export function oidcConfig(): { issuer: string; clientId: string; clientSecret: string } | null {
  const issuer = process.env.AUTH_OIDC_ISSUER;
  const clientId = process.env.AUTH_OIDC_CLIENT_ID;
  const clientSecret = process.env.AUTH_OIDC_CLIENT_SECRET;
  return issuer && clientId && clientSecret ? { issuer, clientId, clientSecret } : null;
}
