import { distanceMetres } from '../geo/distance-metres';
import type { LatLng } from '../location';
import { realEventCount, type LocationFingerprint } from './location-fingerprint';
import { unionSize } from './sorted-set';

/** Events near the address needed before the device's presence verifies it. */
export const VERIFICATION_MIN_EVENTS = 3;
/** The device's most recent active days that tell whether it lives at the address now. */
export const RECENT_DAYS = 7;

/**
 * How a device's history relates to one declared point, read from the fingerprint's cells (a cell
 * is near when the mean of its fixes is within the radius: within ~35 m of measuring each fix).
 * Presence is counted in days and nights the device stood there, whatever its sampling rate: a
 * foreground-only app, a workplace and a GPS logger that records mainly on the move all show it.
 */
export interface AddressPresence {
  /** Real (non-mock) events measured. */
  eventsConsidered: number;
  eventsNear: number;
  /** Distinct local days and nights the device stood near the address, and at all. */
  daysNear: number;
  nightsNear: number;
  activeDays: number;
  activeNights: number;
  /** Of the device's RECENT_DAYS most recent active days, how many near the address. */
  recentDaysNear: number;
  recentDays: number;
  /** The device stood near the address on its latest active day (where it is now). */
  nearOnLatestDay: boolean;
  /** Metres from the nearest cell / the newest real fix to the address. */
  nearestM: number | null;
  /** The nearest cell's distance beyond the accuracy of its fixes (0 when within it). */
  nearestBeyondAccuracyM: number | null;
  lastM: number | null;
  firstNearAt: number | null;
  lastNearAt: number | null;
  /** When the VERIFICATION_MIN_EVENTS-th event near the address happened. */
  verifiedAt: number | null;
}

/**
 * `addressPresence(fp, point, radiusM).eventsNear` alone: the real events of the cells near the point.
 * A payment's address evidence needs only this count, and each of its addresses paid for the days,
 * nights, distances and sorted first events around it (Sets, sorts and copies per cell near it).
 */
export function eventsNearPoint(fp: LocationFingerprint, point: LatLng, radiusM: number): number {
  let eventsNear = 0;
  for (const cell of Object.values(fp.cells)) {
    if (distanceMetres(cell, point) > radiusM) continue;
    eventsNear += cell.n;
  }
  return eventsNear;
}

export function addressPresence(fp: LocationFingerprint, point: LatLng, radiusM: number): AddressPresence {
  let nearestM: number | null = null;
  let nearestBeyond: number | null = null;
  let eventsNear = 0;
  let firstNearAt: number | null = null;
  let lastNearAt: number | null = null;
  const earliest: number[] = [];
  const days: number[][] = [];
  const nights: number[][] = [];
  for (const cell of Object.values(fp.cells)) {
    const d = distanceMetres(cell, point);
    if (nearestM === null || d < nearestM) nearestM = d;
    const beyond = Math.max(0, d - cell.accM);
    if (nearestBeyond === null || beyond < nearestBeyond) nearestBeyond = beyond;
    if (d > radiusM) continue;
    eventsNear += cell.n;
    firstNearAt = firstNearAt === null ? cell.first : Math.min(firstNearAt, cell.first);
    lastNearAt = lastNearAt === null ? cell.last : Math.max(lastNearAt, cell.last);
    earliest.push(...cell.earliest);
    days.push(cell.days);
    nights.push(cell.nights);
  }
  earliest.sort((a, b) => a - b);
  const nearDays = new Set(days.flat());
  const recent = fp.activeDays.slice(-RECENT_DAYS);
  return {
    eventsConsidered: realEventCount(fp),
    eventsNear,
    daysNear: nearDays.size,
    nightsNear: unionSize(nights),
    activeDays: fp.activeDays.length,
    activeNights: fp.activeNights.length,
    recentDaysNear: recent.filter((d) => nearDays.has(d)).length,
    recentDays: recent.length,
    nearOnLatestDay: recent.length > 0 && nearDays.has(recent[recent.length - 1] as number),
    nearestM,
    nearestBeyondAccuracyM: nearestBeyond,
    lastM: fp.lastFix ? distanceMetres(fp.lastFix, point) : null,
    firstNearAt,
    lastNearAt,
    verifiedAt: earliest[VERIFICATION_MIN_EVENTS - 1] ?? null,
  };
}
