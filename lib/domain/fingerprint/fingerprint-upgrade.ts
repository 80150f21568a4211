import { emptyJumpState } from './jump-tracker';
import {
  FINGERPRINT_VERSION,
  MAX_DAYS_PER_CELL,
  type FingerprintCell,
  type LocationFingerprint,
} from './location-fingerprint';
import { emptySignalStats } from './signal-stats';

/** A fingerprint as stored before version 2 (local time from longitude, jumps trusted blindly). */
interface FingerprintV1 extends Omit<
  LocationFingerprint,
  'version' | 'cells' | 'activeDays' | 'activeNights' | 'jumps' | 'signal'
> {
  version: 1;
  cells: Record<string, V1Cell>;
  jumps: number;
}

type V1Cell = Omit<FingerprintCell, 'accM'> & { wifi?: number };

/** A fingerprint as stored in version 2 (signal checks over the device's whole life, in other counters). */
interface FingerprintV2 extends Omit<LocationFingerprint, 'version' | 'signal'> {
  version: 2;
  signal: unknown;
}

/** What a stored fingerprint row holds: the current version or an older one. */
export type StoredFingerprint = LocationFingerprint | FingerprintV2 | FingerprintV1;

/** Typical accuracy of a fix whose cell predates per-cell accuracy (a wifi or fused fix). */
const UNKNOWN_CELL_ACCURACY_M = 30;

/**
 * A stored fingerprint in the current shape. Version 2 keeps everything but its signal counters, which
 * start afresh (they were lifetime counts, and counted a courier's movement as source conflicts). Version 1 keeps its cells (their days were counted in
 * longitude time, an hour off at most) and starts the signal checks and the jump count afresh: its
 * jumps were counted without confirmation and would accuse honest phones of teleporting.
 */
export function currentFingerprint(stored: StoredFingerprint): LocationFingerprint {
  if (stored.version === FINGERPRINT_VERSION) return stored;
  if (stored.version === 2) return { ...stored, version: FINGERPRINT_VERSION, signal: emptySignalStats() };
  const cells = Object.fromEntries(
    Object.entries(stored.cells).map(([key, { wifi: _wifi, ...cell }]) => [
      key,
      { ...cell, accM: UNKNOWN_CELL_ACCURACY_M },
    ]),
  );
  const union = (pick: (c: V1Cell) => number[]) =>
    [...new Set(Object.values(stored.cells).flatMap(pick))].sort((a, b) => a - b).slice(-MAX_DAYS_PER_CELL);
  return {
    ...stored,
    version: FINGERPRINT_VERSION,
    cells,
    activeDays: union((c) => c.days),
    activeNights: union((c) => c.nights),
    jumps: emptyJumpState(),
    signal: emptySignalStats(),
  };
}
