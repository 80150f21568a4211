import { shorterThan, withinMetres } from '../geo/compare-distance';
import { distanceMetres } from '../geo/distance-metres';
import type { LocationEvent, LocationSource } from '../location';
import { fixAccuracyM, PRECISE_FIX_M } from './fix-accuracy';

/**
 * The share of recent samples that showed an artefact, as decayed counts: each new sample weighs 1 and
 * every older one 1 − 1/SIGNAL_WINDOW less. A phone that turns into a script (a spoofing app switched on
 * after weeks of real history) shows it within a window's worth of fixes, which a lifetime share would
 * dilute forever; a phone that stops being one recovers the same way.
 */
export interface RecentShare {
  /** Decayed number of samples (at most SIGNAL_WINDOW). */
  n: number;
  /** Decayed number of samples that showed the artefact. */
  hits: number;
}

/**
 * What the stream of fixes says about the phone that produced it, in bounded state updated fix by fix
 * (in time order): real sensors are noisy in ways a script is not. A metronome clock, a handful of
 * accuracy values, a still phone whose coordinates never move by a centimetre, a network fix that
 * contradicts the satellite fixes around it, a wall clock that drifts from the monotonic one, no radio in
 * range, altitude 0, one source where the phone used to mix them.
 */
export interface SignalStats {
  /** The newest fix folded in (time order); older ones (late uploads, duplicates) are skipped. */
  prev: SignalFix | null;
  /** The fix before `prev`. */
  prev2: SignalFix | null;
  /** Intervals in [MIN_INTERVAL_MS, MAX_INTERVAL_MS] that equalled the one before. */
  sameIntervals: RecentShare;
  /** Fixes with an accuracy whose value was one of the last RECENT_ACCURACY_VALUES distinct ones. */
  recentAccuracies: number[];
  fewAccuracies: RecentShare;
  /** Consecutive satellite fixes of a still phone that repeated the coordinates exactly. */
  frozen: RecentShare;
  /**
   * Precise fixes of one source on either side of a fix of another, agreeing with each other: how often
   * the middle one is kilometres away from both (it cannot have gone and come back: one source lies).
   */
  sourceConflicts: RecentShare;
  /** Consecutive fixes with the device's monotonic clock that disagree with the wall clock. */
  clockDrifts: RecentShare;
  /** Satellite fixes with an altitude that said exactly 0. */
  zeroAltitudes: RecentShare;
  /** Fixes that reported visible networks and saw neither a wifi network nor a cell tower. */
  silentRadios: RecentShare;
  /** Consecutive fixes of the same source. */
  sameSources: RecentShare;
  /** Fixes per source, over the device's life. */
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

/** Samples a recent share remembers (its decay: 1 − 1/SIGNAL_WINDOW per sample). */
export const SIGNAL_WINDOW = 20;
const DECAY = 1 - 1 / SIGNAL_WINDOW;
/**
 * Intervals shorter than this are hardware sampling: a 1 Hz logger is regular by design, and real
 * trajectory sets record whole seconds. Longer ones than MAX_INTERVAL_MS are gaps.
 */
const MIN_INTERVAL_MS = 10_000;
const MAX_INTERVAL_MS = 3_600_000;
/** Two intervals this close are the same tick: phones jitter by more, even when asked for a fixed interval. */
const SAME_INTERVAL_MS = 50;
/** A script cycles through one to three accuracy values; a real receiver's vary fix by fix. */
const RECENT_ACCURACY_VALUES = 3;
/** Consecutive fixes this close in time are compared for stillness, sources and clocks. */
const PAIR_MAX_MS = 30 * 60_000;
/** Coordinates this close are the same coordinates (a real receiver moves them by more). */
const FROZEN_M = 0.05;
/** A fix this far beyond the accuracies from the fixes on both sides of it cannot be right with them. */
const SOURCE_CONFLICT_M = 1_000;
/** Faster than a car on a motorway: a middle fix reachable at this speed there and back may be a trip. */
const MAX_TRAVEL_MPS = 40;
/** The fixes on both sides agree when this close beyond their accuracies: the device stayed put. */
const SOURCE_AGREE_M = 200;
/** Wall and monotonic clocks may differ by this much over a pair (NTP steps); more is a forged time. */
const CLOCK_DRIFT_MS = 5_000;

export const emptyShare = (): RecentShare => ({ n: 0, hits: 0 });

export function emptySignalStats(): SignalStats {
  return {
    prev: null,
    prev2: null,
    sameIntervals: emptyShare(),
    recentAccuracies: [],
    fewAccuracies: emptyShare(),
    frozen: emptyShare(),
    sourceConflicts: emptyShare(),
    clockDrifts: emptyShare(),
    zeroAltitudes: emptyShare(),
    silentRadios: emptyShare(),
    sameSources: emptyShare(),
    sources: { gps: 0, wifi: 0, cell: 0, fused: 0 },
  };
}

/** A copy `trackSignal` may mutate: the stored fingerprint a batch starts from stays as it was. */
export function copySignalStats(s: SignalStats): SignalStats {
  const copy = { ...s, sources: { ...s.sources }, recentAccuracies: [...s.recentAccuracies] };
  for (const key of SHARES) copy[key] = { ...s[key] };
  return copy;
}

const SHARES = [
  'sameIntervals',
  'fewAccuracies',
  'frozen',
  'sourceConflicts',
  'clockDrifts',
  'zeroAltitudes',
  'silentRadios',
  'sameSources',
] as const;

/** Adds one sample to `share` (mutated: it belongs to the batch's copy, copySignalStats). */
function sample(share: RecentShare, hit: boolean): void {
  share.n = share.n * DECAY + 1;
  share.hits = share.hits * DECAY + (hit ? 1 : 0);
}

const satellite = (source: LocationSource) => source === 'gps' || source === 'fused';

/** Folds one real fix into `s` (mutated: the fingerprint's working copy for this batch). */
export function trackSignal(s: SignalStats, e: LocationEvent): void {
  const prev = s.prev;
  if (prev && e.ts <= prev.ts) return;
  s.sources[e.source] += 1;
  if (e.accuracyM !== null && e.accuracyM > 0) {
    const accuracy = e.accuracyM;
    sample(s.fewAccuracies, s.recentAccuracies.includes(accuracy));
    const seen = s.recentAccuracies.indexOf(accuracy);
    if (seen >= 0) s.recentAccuracies.splice(seen, 1);
    s.recentAccuracies.unshift(accuracy);
    if (s.recentAccuracies.length > RECENT_ACCURACY_VALUES) s.recentAccuracies.pop();
  }
  if (satellite(e.source) && e.altitudeM != null) sample(s.zeroAltitudes, e.altitudeM === 0);
  if (e.wifiNetworks != null || e.cellNetworks != null)
    sample(s.silentRadios, !e.wifiNetworks && !e.cellNetworks);
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
  if (s.prev2 && prev) compareSources(s, s.prev2, prev, fix);
  s.prev2 = prev;
  s.prev = fix;
}

function comparePair(s: SignalStats, prev: SignalFix, fix: SignalFix): void {
  const dt = fix.ts - prev.ts;
  if (dt >= MIN_INTERVAL_MS && dt <= MAX_INTERVAL_MS && prev.interval !== null)
    sample(s.sameIntervals, Math.abs(dt - prev.interval) <= SAME_INTERVAL_MS);
  if (dt > PAIR_MAX_MS) return;
  sample(s.sameSources, prev.source === fix.source);
  if (satellite(prev.source) && satellite(fix.source) && withinMetres(prev, fix, prev.accM + fix.accM))
    sample(s.frozen, shorterThan(prev, fix, FROZEN_M));
  if (prev.elapsed !== null && fix.elapsed !== null && fix.elapsed > prev.elapsed)
    sample(s.clockDrifts, Math.abs(dt - (fix.elapsed - prev.elapsed)) > CLOCK_DRIFT_MS);
}

/**
 * A middle fix of another source between two precise fixes that agree (the device stayed put or came
 * back): it conflicts when it lies kilometres beyond the accuracies from both, farther than a car could
 * have gone and come back in the time between. Movement never makes a conflict — a courier's fixes on
 * either side do not agree, or the trip was possible — and a lone wrong wifi fix makes one, not a share.
 */
function compareSources(s: SignalStats, a: SignalFix, b: SignalFix, c: SignalFix): void {
  if (b.source === a.source || b.source === c.source) return;
  if (c.ts - a.ts > 2 * PAIR_MAX_MS) return;
  if (Math.max(a.accM, b.accM, c.accM) > PRECISE_FIX_M * 2) return;
  if (distanceMetres(a, c) - a.accM - c.accM > SOURCE_AGREE_M) return;
  sample(s.sourceConflicts, beyondTravel(a, b) > SOURCE_CONFLICT_M && beyondTravel(c, b) > SOURCE_CONFLICT_M);
}

/**
 * How far `b` lies from `x` beyond both accuracies and the distance a car could have covered between
 * them. A module-level function, not a closure made per call: tsx (which runs `locus serve` from source)
 * wraps every named closure it creates in `__name`, an `Object.defineProperty` per creation.
 */
function beyondTravel(x: SignalFix, b: SignalFix): number {
  return distanceMetres(x, b) - x.accM - b.accM - (MAX_TRAVEL_MPS * Math.abs(b.ts - x.ts)) / 1_000;
}
