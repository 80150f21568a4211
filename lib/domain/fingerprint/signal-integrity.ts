import { logCount } from '../model/feature-scales';
import type { LocationFingerprint } from './location-fingerprint';

/**
 * The signal checks of a fingerprint as verdict inputs. Each check is true, false, or null when the
 * device sent too few fixes of the kind it needs to tell (no accuracy, no GPS pairs, no optional
 * fields): an absent signal is never evidence.
 */
export interface SignalIntegrity {
  /** Intervals between fixes repeat to the 50 ms, as a script's timer does. */
  metronome: boolean | null;
  /** One accuracy value for every fix. */
  constantAccuracy: boolean | null;
  /** A still GPS receiver whose coordinates never move by a centimetre. */
  frozen: boolean | null;
  /** Wall clock and the device's monotonic clock disagree: times are forged. */
  clockDrift: boolean | null;
  /** Neither a wifi network nor a cell tower in range, fix after fix. */
  silentRadios: boolean | null;
  /** GPS altitude exactly 0, fix after fix. */
  zeroAltitude: boolean | null;
  /** Share of close GPS/network fix pairs that disagree by kilometres (a mock GPS beside real wifi), or null. */
  sourceConflictShare: number | null;
  /** How many of the synthetic-signal checks hold (metronome … zeroAltitude). */
  syntheticSignals: number;
  /** Confirmed teleports and lone outliers. */
  jumps: number;
  outliers: number;
}

/** Fewer samples than this and a share says nothing. */
const MIN_PAIRS = 20;
const MIN_SOURCE_PAIRS = 10;
/** A check holds when this share of its samples shows the artefact. */
const ARTEFACT_SHARE = 0.8;
/**
 * This many synthetic-signal checks together are a script, not a phone (docs/RISK.md): one or two can
 * happen to a real one (an iPhone on home wifi reports 65 m, fix after fix, at the same coordinates).
 */
export const SYNTHETIC_MIN_SIGNALS = 3;
/** GPS and network fixes disagreeing this often is a faked GPS. */
export const SOURCE_CONFLICT_SHARE = 0.25;

const share = (hits: number, of: number, min = MIN_PAIRS) => (of >= min ? hits / of >= ARTEFACT_SHARE : null);

export function signalIntegrity(fp: LocationFingerprint): SignalIntegrity {
  const s = fp.signal;
  const checks = {
    metronome: share(s.sameIntervals, s.intervals),
    constantAccuracy: s.accuracies >= MIN_PAIRS + 10 ? s.accuracyValues.length === 1 : null,
    frozen: share(s.frozenPairs, s.stillPairs),
    clockDrift: share(s.clockDrifts, s.clockPairs, MIN_SOURCE_PAIRS),
    silentRadios: share(s.silentRadios, s.radioFixes),
    zeroAltitude: share(s.zeroAltitudes, s.altitudes),
  };
  return {
    ...checks,
    sourceConflictShare: s.sourcePairs >= MIN_SOURCE_PAIRS ? s.sourceConflicts / s.sourcePairs : null,
    syntheticSignals: Object.values(checks).filter((c) => c === true).length,
    jumps: fp.jumps.jumps,
    outliers: fp.jumps.outliers,
  };
}

/** The fixes come from a script or a faked GPS, not from a phone's sensors: a rule (device_integrity). */
export function fakedSignal(si: SignalIntegrity): boolean {
  return (
    si.syntheticSignals >= SYNTHETIC_MIN_SIGNALS ||
    (si.sourceConflictShare !== null && si.sourceConflictShare >= SOURCE_CONFLICT_SHARE)
  );
}

/** The signal as model features, shared by signups and payments (capped: the rules take the extremes). */
export function signalFeatures(si: SignalIntegrity): Record<string, number> {
  return {
    jumps_log: logCount(si.jumps, 10),
    synthetic_signals: Math.min(3, si.syntheticSignals),
    source_conflict: si.sourceConflictShare ?? 0,
  };
}
