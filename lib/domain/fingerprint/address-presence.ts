import { distanceMetres } from '../geo/distance-metres';
import type { LatLng } from '../location';
import { realEventCount, type LocationFingerprint } from './location-fingerprint';
import { unionSize } from './sorted-set';

/** Events near the address needed before the device's presence verifies it. */
export const VERIFICATION_MIN_EVENTS = 3;

/**
 * How a device's history relates to one declared point, read from the fingerprint's cells (a cell
 * is near when the mean of its fixes is within the radius: within ~35 m of measuring each fix).
 */
export interface AddressPresence {
  /** Real (non-mock) events measured. */
  eventsConsidered: number;
  eventsNear: number;
  /** Wifi fixes among them (a spoofed address has none: only GPS can be faked). */
  wifiNear: number;
  /** Distinct local days and nights with a fix near the address. */
  daysNear: number;
  nightsNear: number;
  /** Metres from the nearest cell / the newest real fix to the address. */
  nearestM: number | null;
  lastM: number | null;
  firstNearAt: number | null;
  lastNearAt: number | null;
  /** When the VERIFICATION_MIN_EVENTS-th event near the address happened. */
  verifiedAt: number | null;
}

export function addressPresence(fp: LocationFingerprint, point: LatLng, radiusM: number): AddressPresence {
  let nearestM: number | null = null;
  let eventsNear = 0;
  let wifiNear = 0;
  let firstNearAt: number | null = null;
  let lastNearAt: number | null = null;
  const earliest: number[] = [];
  const days: number[][] = [];
  const nights: number[][] = [];
  for (const cell of Object.values(fp.cells)) {
    const d = distanceMetres(cell, point);
    if (nearestM === null || d < nearestM) nearestM = d;
    if (d > radiusM) continue;
    eventsNear += cell.n;
    wifiNear += cell.wifi;
    firstNearAt = firstNearAt === null ? cell.first : Math.min(firstNearAt, cell.first);
    lastNearAt = lastNearAt === null ? cell.last : Math.max(lastNearAt, cell.last);
    earliest.push(...cell.earliest);
    days.push(cell.days);
    nights.push(cell.nights);
  }
  earliest.sort((a, b) => a - b);
  return {
    eventsConsidered: realEventCount(fp),
    eventsNear,
    wifiNear,
    daysNear: unionSize(days),
    nightsNear: unionSize(nights),
    nearestM,
    lastM: fp.lastFix ? distanceMetres(fp.lastFix, point) : null,
    firstNearAt,
    lastNearAt,
    verifiedAt: earliest[VERIFICATION_MIN_EVENTS - 1] ?? null,
  };
}
