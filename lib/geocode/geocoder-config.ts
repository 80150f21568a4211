import type { RemoteKind } from './adapters/remote-geocoder.ts';

/** The self-hosted geocoder an operator plugs in (docs/GEOCODING.md). Without a URL only embedded data is used. */
export interface GeocoderConfig {
  url: string | null;
  kind: RemoteKind;
  timeoutMs: number;
}

export const DEFAULT_GEOCODER_TIMEOUT_MS = 1_500;

const KINDS: readonly RemoteKind[] = ['nominatim', 'pelias', 'photon'];

/** Reads GEOCODER_URL, GEOCODER_KIND (nominatim|pelias|photon, default nominatim) and GEOCODER_TIMEOUT_MS. */
export function geocoderConfigFromEnv(env: Record<string, string | undefined>): GeocoderConfig {
  const kind = (env.GEOCODER_KIND ?? 'nominatim').trim().toLowerCase();
  if (!KINDS.includes(kind as RemoteKind)) {
    throw new Error(`GEOCODER_KIND must be one of ${KINDS.join(', ')}, got "${env.GEOCODER_KIND}"`);
  }
  const timeout = Number(env.GEOCODER_TIMEOUT_MS ?? DEFAULT_GEOCODER_TIMEOUT_MS);
  return {
    url: env.GEOCODER_URL?.trim() || null,
    kind: kind as RemoteKind,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_GEOCODER_TIMEOUT_MS,
  };
}
