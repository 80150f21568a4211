import { roughDistanceSign } from '../geo/compare-distance';
import { distanceMetres } from '../geo/distance-metres';
import type { LatLng, LocationSource } from '../location';

/** A precise fix as the jump tracker keeps it: where, when, how far off it may be (m), and its source. */
export interface TrackedFix extends LatLng {
  ts: number;
  accM: number;
  source: LocationSource;
}

/**
 * Teleports that really happened, in bounded state. A jump is an implied speed above JUMP_MIN_SPEED_MPS
 * over more than JUMP_MIN_M beyond both fixes' accuracies — and it counts only once the next
 * JUMP_CONFIRMATIONS independent fixes stay at the new place. A lone wrong fix (a wifi router that
 * moved, a multipath GPS fix) that snaps back is an outlier, not two teleports: in real trajectories
 * about one fix in 300 is such an outlier and a quarter of people have one. A moved access point keeps
 * answering with the very same coordinates while the phone stays in its range, so a network fix that
 * repeats the candidate's position is the same wrong answer again, not a confirmation (independentOf).
 * Spoofing apps that switch between the real and a faked place hold each place for many satellite
 * fixes, so every switch counts.
 */
export interface JumpState {
  /** The newest fix accepted as where the device was. */
  anchor: TrackedFix | null;
  /** A fix that jumped away from the anchor, waiting for the next fixes to confirm or disown it. */
  candidate: (TrackedFix & { confirmations: number }) | null;
  /** Confirmed jumps. */
  jumps: number;
  /** Lone fixes far from where the device was before and after them. */
  outliers: number;
}

/** 900 km/h: faster than a scheduled flight from gate to gate; trains and cars never get there. */
export const JUMP_MIN_SPEED_MPS = 250;
/** Beyond the two fixes' accuracies: a few hundred metres of GPS glitch are noise, not travel. */
export const JUMP_MIN_M = 1_000;
/** Fixes at the new place that make a jump real. */
export const JUMP_CONFIRMATIONS = 2;

export function emptyJumpState(): JumpState {
  return { anchor: null, candidate: null, jumps: 0, outliers: 0 };
}

/** From `a` to `b`, faster than anything but a teleport (accuracies given the benefit of the doubt). */
export function isJump(a: TrackedFix, b: TrackedFix): boolean {
  const seconds = Math.max(b.ts - a.ts, 1_000) / 1_000;
  const sign = roughDistanceSign(a, b, a.accM + b.accM + Math.max(JUMP_MIN_M, JUMP_MIN_SPEED_MPS * seconds));
  if (sign !== 0) return sign > 0;
  const beyond = distanceMetres(a, b) - a.accM - b.accM;
  if (beyond < JUMP_MIN_M) return false;
  return beyond / (Math.max(b.ts - a.ts, 1_000) / 1_000) > JUMP_MIN_SPEED_MPS;
}

/** Coordinates this close are the same answer repeated (a database position), not a new measurement. */
const SAME_ANSWER_M = 1;

/**
 * Whether `fix` is a measurement of its own that the device is where `candidate` says: a satellite fix,
 * a fix of another source, or one at other coordinates (a wifi or cell position repeated to the metre
 * by the same source is the same database answer, however often the phone asks).
 */
export function independentOf(candidate: TrackedFix, fix: TrackedFix): boolean {
  return (
    fix.source === 'gps' ||
    fix.source === 'fused' ||
    fix.source !== candidate.source ||
    distanceMetres(candidate, fix) >= SAME_ANSWER_M
  );
}

/**
 * Folds one precise fix into `s` (mutated: the fingerprint's working copy for this batch). Fixes must
 * come in time order; one not newer than the last it saw (a duplicate, a late upload) is ignored.
 */
export function trackJump(s: JumpState, fix: TrackedFix): void {
  const newest = s.candidate ?? s.anchor;
  if (newest && fix.ts <= newest.ts) return;
  if (!s.anchor) {
    s.anchor = fix;
    return;
  }
  if (s.candidate) {
    // Confirmed by an independent fix that stays with the new place (closer to it than to the old
    // one); the same answer repeated neither confirms nor disowns it.
    if (distanceMetres(s.candidate, fix) < distanceMetres(s.anchor, fix) && !isJump(s.candidate, fix)) {
      if (!independentOf(s.candidate, fix)) return;
      s.candidate = { ...s.candidate, confirmations: s.candidate.confirmations + 1 };
      if (s.candidate.confirmations >= JUMP_CONFIRMATIONS) {
        s.jumps += 1;
        s.anchor = fix;
        s.candidate = null;
      }
      return;
    }
    s.outliers += 1;
    s.candidate = null;
  }
  if (isJump(s.anchor, fix)) s.candidate = { ...fix, confirmations: 0 };
  else s.anchor = fix;
}
