import type { LocationEvent } from '../location';

/**
 * The radius (m) a fix is good to: its own accuracy when the SDK gave one, else what its source
 * usually achieves (a GPS logger without accuracy, a network fix of an old SDK).
 */
const TYPICAL_ACCURACY_M: Record<LocationEvent['source'], number> = {
  gps: 15,
  fused: 30,
  wifi: 40,
  cell: 1_500,
};

/** Fixes at least this good are precise enough to say the device moved (a jump) or stood still. */
export const PRECISE_FIX_M = 100;

export function fixAccuracyM(e: Pick<LocationEvent, 'accuracyM' | 'source'>): number {
  return e.accuracyM !== null && e.accuracyM > 0 ? e.accuracyM : TYPICAL_ACCURACY_M[e.source];
}
