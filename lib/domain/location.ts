export interface LatLng {
  lat: number;
  lng: number;
}

export const LOCATION_SOURCES = ['gps', 'wifi', 'cell', 'fused'] as const;
export type LocationSource = (typeof LOCATION_SOURCES)[number];

/**
 * One location fix reported by the SDK. `ts` is epoch milliseconds. The optional signal fields are
 * what a real SDK can add (absent from most fixes in the wild): used when present, never required.
 */
export interface LocationEvent extends LatLng {
  ts: number;
  accuracyM: number | null;
  source: LocationSource;
  mock: boolean;
  speedMps?: number | null;
  altitudeM?: number | null;
  bearingDeg?: number | null;
  verticalAccuracyM?: number | null;
  /** The device's monotonic clock at the fix (Android elapsedRealtime): it does not follow wall-clock edits. */
  elapsedRealtimeMs?: number | null;
  /** Wifi access points and cell towers visible at the fix (counts). */
  wifiNetworks?: number | null;
  cellNetworks?: number | null;
}
