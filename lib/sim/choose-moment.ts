import { haversineMeters } from './geo';
import type { Random } from './random';
import type { LatLng, SimEvent } from './types';

/**
 * A moment in [from, to] for an action (signup, payment): right after a fix taken near `near` if there is one,
 * else right after any fix in the window, else a random instant. Returns the moment and where the device was.
 */
export function chooseMoment(
  random: Random,
  events: readonly SimEvent[],
  window: [number, number],
  near: LatLng | null = null,
): { ts: number; location: LatLng | null } {
  const [from, to] = window;
  const inWindow = events.filter((e) => e.ts >= from && e.ts <= to - 60_000);
  const nearby = near ? inWindow.filter((e) => haversineMeters(e, near) < 250) : [];
  const candidates = nearby.length > 0 ? nearby : inWindow;
  if (candidates.length === 0) return { ts: Math.round(random.float(from, to)), location: null };
  const fix = random.pick(candidates);
  return { ts: fix.ts + random.int(5_000, 55_000), location: { lat: fix.lat, lng: fix.lng } };
}
