import { distanceMetres } from '../geo/distance-metres';
import type { LatLng, LocationEvent } from '../location';

/** Events near the address needed before we consider it verified by the device's presence. */
export const VERIFICATION_MIN_EVENTS = 3;

/** How a device's location history relates to one declared point. */
export interface AddressActivity {
  /** Non-mock events measured. */
  eventsConsidered: number;
  eventsNear: number;
  nearestM: number | null;
  lastM: number | null;
  firstNearAt: number | null;
  lastNearAt: number | null;
  /** When the VERIFICATION_MIN_EVENTS-th event near the address happened. */
  verifiedAt: number | null;
}

/**
 * Measures the events (oldest first) against the declared point. Mock locations are ignored: a
 * spoofed fix proves nothing about where the device is.
 */
export function addressActivity(events: readonly LocationEvent[], point: LatLng, radiusM: number): AddressActivity {
  const activity: AddressActivity = {
    eventsConsidered: 0,
    eventsNear: 0,
    nearestM: null,
    lastM: null,
    firstNearAt: null,
    lastNearAt: null,
    verifiedAt: null,
  };
  for (const event of events) {
    if (event.mock) continue;
    const d = distanceMetres(event, point);
    activity.eventsConsidered += 1;
    activity.lastM = d;
    if (activity.nearestM === null || d < activity.nearestM) activity.nearestM = d;
    if (d > radiusM) continue;
    activity.eventsNear += 1;
    activity.firstNearAt ??= event.ts;
    activity.lastNearAt = event.ts;
    if (activity.eventsNear === VERIFICATION_MIN_EVENTS) activity.verifiedAt = event.ts;
  }
  return activity;
}
