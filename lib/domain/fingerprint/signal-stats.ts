import { distanceMetres } from '../geo/distance-metres';
import type { LocationEvent, LocationSource } from '../location';
import { fixAccuracyM, PRECISE_FIX_M } from './fix-accuracy';

/**
 * What the stream of fixes says about the phone that produced it, in bounded counters updated fix by
 * fix (in time order): real sensors are noisy in ways a script is not. A metronome clock, one accuracy
 * value forever, a still phone whose coordinates never move by a centimetre, GPS and network fixes
 * kilometres apart, a wall clock that drifts from the monotonic one, no radio in range, altitude 0.
 */
export interface SignalStats {
  /** The newest fix folded in (time order); older ones (late uploads, duplicates) are skipped. */
  prev: SignalFix | null;
  /** The fix before `prev` (source conflicts compare three fixes). */
  before: SignalFix | null;
  /** Intervals between consecutive fixes in [MIN_INTERVAL_MS, MAX_INTERVAL_MS], and how many equalled the one before. */
  intervals: number;
  sameIntervals: number;
  /** Fixes that carried an accuracy, and its distinct values (at most MAX_ACCURACY_VALUES kept). */
  accuracies: number;
  accuracyValues: number[];
  /** Consecutive GPS fixes of a still phone, and how many repeated the coordinates exactly. */
  stillPairs: number;
  frozenPairs: number;
  /**
   * Precise fixes of one source on both sides of a precise fix of another, close in time, and how
   * many have the middle one kilometres from both while they agree with each other: two places at
   * once (a faked GPS beside real wifi), not a device on the move.
   */
  sourcePairs: number;
  sourceConflicts: number;
  /** Consecutive fixes with the device's monotonic clock, and how many disagree with the wall clock. */
  clockPairs: number;
  clockDrifts: number;
  /** GPS fixes with an altitude, and how many said exactly 0. */
  altitudes: number;
  zeroAltitudes: number;
  /** Fixes that reported visible networks, and how many saw neither a wifi network nor a cell tower. */
  radioFixes: number;
  silentRadios: number;
  /** Fixes per source. */
  sources: Record<LocationSource, number>;
}

interface SignalFix {
  ts: number;
  lat: number;
  lng: number;
  accM: number;
  source: LocationSource;
  elapsed: number | null;
  interval: number | null;
}

/** Intervals shorter than this are hardware sampling (a 1 Hz logger is regular by design); longer ones are gaps. */
const MIN_INTERVAL_MS = 10_000;
const MAX_INTERVAL_MS = 3_600_000;
/** Two intervals this close are the same tick: phones jitter by more, even when asked for a fixed interval. */
const SAME_INTERVAL_MS = 50;
const MAX_ACCURACY_VALUES = 8;
/** Consecutive fixes this close in time are compared for stillness, sources and clocks. */
const PAIR_MAX_MS = 30 * 60_000;
/** Coordinates this close are the same coordinates (a real receiver moves them by more). */
const FROZEN_M = 0.05;
/** A fix of one source this far beyond the accuracies from the fixes of another on both sides of it… */
const SOURCE_CONFLICT_M = 1_000;
/** …while the fixes on both sides of it are this close beyond their accuracies: the same place again. */
const SAME_PLACE_M = 100;
/** Wall and monotonic clocks may differ by this much over a pair (NTP steps); more is a forged time. */
const CLOCK_DRIFT_MS = 5_000;

export function emptySignalStats(): SignalStats {
  return {
    prev: null,
    before: null,
    intervals: 0,
    sameIntervals: 0,
    accuracies: 0,
    accuracyValues: [],
    stillPairs: 0,
    frozenPairs: 0,
    sourcePairs: 0,
    sourceConflicts: 0,
    clockPairs: 0,
    clockDrifts: 0,
    altitudes: 0,
    zeroAltitudes: 0,
    radioFixes: 0,
    silentRadios: 0,
    sources: { gps: 0, wifi: 0, cell: 0, fused: 0 },
  };
}

/** Folds one real fix into `s` (mutated: the fingerprint's working copy for this batch). */
export function trackSignal(s: SignalStats, e: LocationEvent): void {
  const prev = s.prev;
  if (prev && e.ts <= prev.ts) return;
  s.sources[e.source] += 1;
  if (e.accuracyM !== null && e.accuracyM > 0) {
    s.accuracies += 1;
    if (s.accuracyValues.length < MAX_ACCURACY_VALUES && !s.accuracyValues.includes(e.accuracyM))
      s.accuracyValues = [...s.accuracyValues, e.accuracyM];
  }
  if (e.source === 'gps' && e.altitudeM != null) {
    s.altitudes += 1;
    if (e.altitudeM === 0) s.zeroAltitudes += 1;
  }
  if (e.wifiNetworks != null || e.cellNetworks != null) {
    s.radioFixes += 1;
    if (!e.wifiNetworks && !e.cellNetworks) s.silentRadios += 1;
  }
  const fix: SignalFix = {
    ts: e.ts,
    lat: e.lat,
    lng: e.lng,
    accM: fixAccuracyM(e),
    source: e.source,
    elapsed: e.elapsedRealtimeMs ?? null,
    interval: prev ? e.ts - prev.ts : null,
  };
  if (prev) comparePair(s, prev, fix);
  // A fingerprint stored before `before` existed lacks it: its first triplet starts here.
  if (prev && s.before) compareSources(s, s.before, prev, fix);
  s.before = prev;
  s.prev = fix;
}

function comparePair(s: SignalStats, prev: SignalFix, fix: SignalFix): void {
  const dt = fix.ts - prev.ts;
  if (dt >= MIN_INTERVAL_MS && dt <= MAX_INTERVAL_MS) {
    s.intervals += 1;
    if (prev.interval !== null && Math.abs(dt - prev.interval) <= SAME_INTERVAL_MS) s.sameIntervals += 1;
  }
  if (dt > PAIR_MAX_MS) return;
  const d = distanceMetres(prev, fix);
  if (prev.source === 'gps' && fix.source === 'gps' && d <= prev.accM + fix.accM) {
    s.stillPairs += 1;
    if (d < FROZEN_M) s.frozenPairs += 1;
  }
  if (prev.elapsed !== null && fix.elapsed !== null && fix.elapsed > prev.elapsed) {
    s.clockPairs += 1;
    if (Math.abs(dt - (fix.elapsed - prev.elapsed)) > CLOCK_DRIFT_MS) s.clockDrifts += 1;
  }
}

/**
 * A courier's GPS and wifi fixes minutes apart are kilometres apart because the courier moved, so a
 * pair of sources says nothing; a fix of one source kilometres from the fixes of another source on
 * both sides of it, which agree with each other to the building, does: the device cannot be in two
 * places and back within minutes (one such triplet is a wrong fix, a quarter of them is a faked source).
 */
function compareSources(s: SignalStats, a: SignalFix, middle: SignalFix, c: SignalFix): void {
  if (a.source !== c.source || middle.source === c.source || c.ts - a.ts > PAIR_MAX_MS) return;
  if (Math.max(a.accM, middle.accM, c.accM) > PRECISE_FIX_M * 2) return;
  const beyond = (x: SignalFix, y: SignalFix) => distanceMetres(x, y) - x.accM - y.accM;
  s.sourcePairs += 1;
  const away = Math.min(beyond(a, middle), beyond(middle, c));
  if (away > SOURCE_CONFLICT_M && beyond(a, c) <= SAME_PLACE_M) s.sourceConflicts += 1;
}
