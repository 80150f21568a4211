export interface LatLng {
  lat: number;
  lng: number;
}

export const LOCATION_SOURCES = ['gps', 'wifi', 'cell', 'fused'] as const;
export type LocationSource = (typeof LOCATION_SOURCES)[number];

/** One location fix reported by the SDK. `ts` is epoch milliseconds. */
export interface LocationEvent extends LatLng {
  ts: number;
  accuracyM: number | null;
  source: LocationSource;
  mock: boolean;
}
