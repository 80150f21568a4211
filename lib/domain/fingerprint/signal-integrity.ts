import { logCount } from '../model/feature-scales';
import type { LocationFingerprint } from './location-fingerprint';
import type { RecentShare, SignalStats } from './signal-stats';
import { memoizedForFrozen } from './frozen-memo';

/**
 * The signal checks of a fingerprint as verdict inputs. Each check is true, false, or null when the
 * device sent too few fixes of the kind it needs to tell (no accuracy, no GPS pairs, no optional
 * fields): an absent signal is never evidence.
 */
export interface SignalIntegrity {
  /** Intervals between fixes repeat to the 50 ms, as a script's timer does. */
  metronome: boolean | null;
  /** The accuracy cycles through one to three values, fix after fix. */
  fewAccuracies: boolean | null;
  /** A still satellite receiver whose coordinates never move by a centimetre. */
  frozen: boolean | null;
  /** Wall clock and the device's monotonic clock disagree: times are forged. */
  clockDrift: boolean | null;
  /** Neither a wifi network nor a cell tower in range, fix after fix. */
  silentRadios: boolean | null;
  /** Satellite altitude exactly 0, fix after fix. */
  zeroAltitude: boolean | null;
  /** One source fix after fix on a phone that used to mix them (a fake provider replaced them all). */
  oneSource: boolean | null;
  /**
   * Share of network/satellite fixes kilometres away from the agreeing fixes of the other source on both
   * sides (a mock GPS beside real wifi), or null.
   */
  sourceConflictShare: number | null;
  /** How many of the synthetic-signal checks hold (metronome … oneSource). */
  syntheticSignals: number;
  /**
   * The same checks graded, not counted: each adds how far its recent share lies past half-way to all
   * (0 at ≤ 50 %, 1 at 100 %). A fake switched on shortly before the signup shows here before its
   * shares reach ARTEFACT_SHARE; a real phone rarely passes half-way on more than one check.
   */
  artefactScore: number;
  /** Confirmed teleports and lone outliers. */
  jumps: number;
  outliers: number;
}

/**
 * Fewer recent samples than this (decayed, signal-stats.ts: ~18 samples) and a share says nothing. Every
 * check reads the device's recent fixes, so a phone that turns into a script shows it (after ~32 fixes
 * when it had a real history: the decayed share then passes ARTEFACT_SHARE).
 */
const MIN_SAMPLES = 12;
const MIN_CLOCK_SAMPLES = 6;
const MIN_SOURCE_SAMPLES = 6;
/** A check holds when this share of its recent samples shows the artefact. */
const ARTEFACT_SHARE = 0.8;
/** One source this consistently, where a phone mixes sources by chance fix to fix. */
const ONE_SOURCE_SHARE = 0.9;
/** A phone whose main source gives more of its fixes than this never mixed them (a logger, a tablet). */
const MIXED_MAX_SHARE = 0.9;
/**
 * This many synthetic-signal checks together are a script, not a phone (docs/RISK.md): one or two can
 * happen to a real one (an iPhone on home wifi reports 65 m, fix after fix, at the same coordinates; a
 * logger ticks every second).
 */
export const SYNTHETIC_MIN_SIGNALS = 3;
/** Fixes of one source contradicting the other's this often is a faked source. */
export const SOURCE_CONFLICT_SHARE = 0.25;

const holds = (s: RecentShare, min = MIN_SAMPLES, at = ARTEFACT_SHARE) =>
  s.n >= min ? s.hits / s.n >= at : null;
/** How far past half-way a recent share lies, 0–1 (0 without enough samples). */
const grade = (s: RecentShare, min = MIN_SAMPLES) => (s.n >= min ? Math.max(0, s.hits / s.n - 0.5) / 0.5 : 0);

/** Whether the device mixed sources over its life (the precondition of `oneSource`). */
function mixedSources(sources: SignalStats['sources']): boolean {
  const counts = Object.values(sources);
  const total = counts.reduce((a, b) => a + b, 0);
  return total > 0 && Math.max(...counts) / total <= MIXED_MAX_SHARE;
}

export const signalIntegrity = memoizedForFrozen(integrityOf);

function integrityOf(fp: LocationFingerprint): SignalIntegrity {
  const s = fp.signal;
  const checks = {
    metronome: holds(s.sameIntervals),
    fewAccuracies: holds(s.fewAccuracies),
    frozen: holds(s.frozen),
    clockDrift: holds(s.clockDrifts, MIN_CLOCK_SAMPLES),
    silentRadios: holds(s.silentRadios),
    zeroAltitude: holds(s.zeroAltitudes),
    oneSource: mixedSources(s.sources) ? holds(s.sameSources, MIN_SAMPLES, ONE_SOURCE_SHARE) : null,
  };
  const conflicts = s.sourceConflicts;
  const graded = [
    grade(s.sameIntervals),
    grade(s.fewAccuracies),
    grade(s.frozen),
    grade(s.clockDrifts, MIN_CLOCK_SAMPLES),
    grade(s.silentRadios),
    grade(s.zeroAltitudes),
    checks.oneSource === null ? 0 : grade(s.sameSources),
  ];
  // Every field written out: a spread copy that then gains fields is promoted by V8 (docs/BENCHMARKS.md, "Soak").
  return {
    metronome: checks.metronome,
    fewAccuracies: checks.fewAccuracies,
    frozen: checks.frozen,
    clockDrift: checks.clockDrift,
    silentRadios: checks.silentRadios,
    zeroAltitude: checks.zeroAltitude,
    oneSource: checks.oneSource,
    artefactScore: graded.reduce((a, b) => a + b, 0),
    // Only a phone that really uses two sources can have one of them faked: on a GPS-only logger the
    // rare fix of another source is a wrong wifi position, and every one of those looks like a conflict.
    sourceConflictShare:
      mixedSources(s.sources) && conflicts.n >= MIN_SOURCE_SAMPLES ? conflicts.hits / conflicts.n : null,
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
