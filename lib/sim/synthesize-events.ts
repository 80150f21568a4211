import type { LatLng, SimEvent } from './types';

/**
 * Fixes an emulator or a script produces: one point, a constant accuracy, a metronome interval. No sensor
 * noise, which is itself the tell.
 */
export function synthesizeEvents(
  at: LatLng,
  from: number,
  count: number,
  intervalMs: number,
  mock: boolean,
): SimEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    ts: Math.round(from + i * intervalMs),
    lat: at.lat,
    lng: at.lng,
    accuracy_m: 5,
    source: 'gps' as const,
    mock,
  }));
}
