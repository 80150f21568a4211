import { roughDistanceSign, withinMetres } from '../geo/compare-distance';
import { distanceMetres } from '../geo/distance-metres';
import { makeCellLocator } from '../geo/recent-cells';
import type { LocationEvent, LocationSource } from '../location';
import { fixAccuracyM, PRECISE_FIX_M } from './fix-accuracy';
import { deepFreeze } from './frozen-memo';
import { emptyJumpState, trackJump, type JumpState } from './jump-tracker';
import { localTime, nightOf, workDayOf } from './local-time';
import { copySignalStats, emptySignalStats, trackSignal, type SignalStats } from './signal-stats';
import { moveSmallestFirst } from './smallest-first';
import { addToSmallest, addToSortedSet } from './sorted-set';

/** H3 resolution 10: hexagons of ~66 m edge (~0.015 km²), finer than the 150 m "near" ring. */
export const FINGERPRINT_CELL_RESOLUTION = 10;
/** `latLngToCell` at that resolution, answering without h3-js for points inside the last cells it answered. */
const cellOf = makeCellLocator(FINGERPRINT_CELL_RESOLUTION);
/** Beyond this many cells the least-visited, oldest cell is forgotten (a commuter fills ~300). */
export const MAX_FINGERPRINT_CELLS = 1_500;
/** Distinct days remembered per cell (the newest); enough for the 90 days of history ingestion accepts. */
export const MAX_DAYS_PER_CELL = 120;
/** A stay point: consecutive fixes within this radius of the first for at least STAY_MIN_MS. */
export const STAY_RADIUS_M = 150;
export const STAY_MIN_MS = 10 * 60_000;
/**
 * A fix taken on the move (faster than this beyond both fixes' accuracies, from a fix at most
 * MOVING_WINDOW_MS before it, or by the SDK's own speed) is passing through: it counts as an event
 * but does not make its place one where the device spent a day or a night.
 */
export const MOVING_MIN_MPS = 2;
const MOVING_WINDOW_MS = 10 * 60_000;
/** Earliest timestamps kept per cell: the address is verified at the 3rd fix near it. */
const EARLIEST_KEPT = 3;

export const FINGERPRINT_VERSION = 3;

/** What the device did inside one H3 cell. Coordinates are the mean of the fixes, not the cell centre. */
export interface FingerprintCell {
  lat: number;
  lng: number;
  n: number;
  first: number;
  last: number;
  earliest: number[];
  /**
   * Distinct local days / nights (22:00–06:00) / working hours (Mon–Fri 09–18) with a fix here that was
   * not on the move. Local time is the real time zone's at the fix.
   */
  days: number[];
  nights: number[];
  workDays: number[];
  /** Mean accuracy (m) of the fixes here: distances below it are not evidence. */
  accM: number;
  /** Stay points that started in this cell and their total duration. */
  stays: number;
  stayMs: number;
}

export interface LastFix {
  lat: number;
  lng: number;
  ts: number;
  source: LocationSource;
  accuracyM: number | null;
}

interface OpenStay {
  lat: number;
  lng: number;
  start: number;
  end: number;
}

/**
 * Everything an assessment needs from a device's location history, in bounded space: updated batch by
 * batch (`updateFingerprint`, a pure function), stored as one JSON row per installation, read instead
 * of raw events.
 */
export interface LocationFingerprint {
  version: typeof FINGERPRINT_VERSION;
  /** Every event, mock ones included, and how many were mock. */
  events: number;
  mock: number;
  first: number | null;
  last: number | null;
  /** The newest real (non-mock) fix. */
  lastFix: LastFix | null;
  cells: Record<string, FingerprintCell>;
  /** Local days and nights on which the device stood somewhere (the denominators of presence shares). */
  activeDays: number[];
  activeNights: number[];
  stay: OpenStay | null;
  stayCount: number;
  /** Teleports, confirmed by the fixes after them (jump-tracker.ts). */
  jumps: JumpState;
  /** How the fixes themselves look: real sensors or a script (signal-stats.ts). */
  signal: SignalStats;
}

export function emptyFingerprint(): LocationFingerprint {
  return {
    version: FINGERPRINT_VERSION,
    events: 0,
    mock: 0,
    first: null,
    last: null,
    lastFix: null,
    cells: {},
    activeDays: [],
    activeNights: [],
    stay: null,
    stayCount: 0,
    jumps: emptyJumpState(),
    signal: emptySignalStats(),
  };
}

/**
 * The fingerprint after `events`; `fingerprint` itself is not changed. Batches are sorted by time;
 * feeding a time-ordered stream in any split gives the same fingerprint as feeding it at once. Late
 * fixes (older than the newest seen: a history upload, a retried batch) still count in their cells but
 * not in stays, jumps or signal checks, which need time order. Mock fixes are counted, never placed: a
 * spoofed position proves nothing about where the device is.
 */
export function updateFingerprint(
  fingerprint: LocationFingerprint,
  events: readonly LocationEvent[],
): LocationFingerprint {
  return fold(fingerprint, events).fp;
}

/**
 * `updateFingerprint` of a deep-frozen fingerprint (what ingestion keeps between batches,
 * lib/db/repositories/parsed-fingerprints.ts), deep-frozen itself: only what the fold copied or created
 * is frozen, since everything else is the input's already, and the new cells record's keys are
 * remembered (`cellKeys`). At the cap a walk of all 1,500 cells cost ≈ 0.5 ms a batch (the record is in
 * V8's dictionary mode, whose enumeration is slow), as did each `Object.keys` of it.
 */
export function updateFrozenFingerprint(
  fingerprint: LocationFingerprint,
  events: readonly LocationEvent[],
): LocationFingerprint {
  if (!Object.isFrozen(fingerprint))
    throw new Error('updateFrozenFingerprint: the fingerprint is not frozen');
  const { fp, batch, keys } = fold(fingerprint, events);
  for (const cell of batch.owned.values()) deepFreeze(cell);
  frozenCellKeys.set(fp.cells, keys);
  Object.freeze(fp.cells);
  // The cells record is frozen already, so this walks the few other parts only.
  return deepFreeze(fp);
}

/**
 * The keys of frozen cells records that `updateFrozenFingerprint` made, in their order: a frozen record
 * cannot gain or lose a key, so its list stays true.
 */
const frozenCellKeys = new WeakMap<LocationFingerprint['cells'], readonly string[]>();

/**
 * `Object.keys(cells)`, without enumerating a record `updateFrozenFingerprint` made. Cell keys are H3
 * indexes, never array indices, so a record's keys are in insertion order.
 */
export function cellKeys(cells: LocationFingerprint['cells']): readonly string[] {
  return frozenCellKeys.get(cells) ?? Object.keys(cells);
}

/** The fold itself, with what it owns (`Batch`) and the keys of the new cells record, in order. */
function fold(
  fingerprint: LocationFingerprint,
  events: readonly LocationEvent[],
): { fp: LocationFingerprint; batch: Batch; keys: readonly string[] } {
  const inputKeys = cellKeys(fingerprint.cells);
  const fp: LocationFingerprint = {
    ...fingerprint,
    cells: copyCells(fingerprint.cells, inputKeys),
    stay: fingerprint.stay && { ...fingerprint.stay },
    jumps: { ...fingerprint.jumps },
    signal: copySignalStats(fingerprint.signal),
  };
  const batch: Batch = { owned: new Map(), created: [], stayCell: null };
  for (const e of inTimeOrder(events)) {
    fp.events += 1;
    fp.first = fp.first === null ? e.ts : Math.min(fp.first, e.ts);
    fp.last = fp.last === null ? e.ts : Math.max(fp.last, e.ts);
    if (e.mock) {
      fp.mock += 1;
      continue;
    }
    const inOrder = !fp.lastFix || e.ts > fp.lastFix.ts;
    const cell = addToCell(fp, batch, e, inOrder && onTheMove(fp.lastFix, e));
    if (!inOrder) continue;
    const accM = fixAccuracyM(e);
    if (accM <= PRECISE_FIX_M)
      trackJump(fp.jumps, { lat: e.lat, lng: e.lng, ts: e.ts, accM, source: e.source });
    trackSignal(fp.signal, e);
    fp.lastFix = { lat: e.lat, lng: e.lng, ts: e.ts, source: e.source, accuracyM: e.accuracyM };
    trackStay(fp, batch, e, cell);
  }
  // The copy's keys: the input's in their order, then the cells created here in theirs (a changed cell
  // keeps its place; nothing is deleted before the eviction).
  const keys = batch.created.length === 0 ? inputKeys : [...inputKeys, ...batch.created];
  return { fp, batch, keys: evictCells(fp, keys) };
}

/**
 * A shallow copy in the same key order. Assigning key by key measured 3-4× faster than `{ ...cells }`
 * on a fingerprint at the cap (1,500 keys: the record is in V8's dictionary mode, which spread copies slowly).
 */
function copyCells(
  cells: LocationFingerprint['cells'],
  keys: readonly string[],
): LocationFingerprint['cells'] {
  const copy: LocationFingerprint['cells'] = {};
  for (const key of keys) copy[key] = cells[key] as FingerprintCell;
  return copy;
}

/**
 * What one call of updateFingerprint owns besides `fp`'s own copies: the cells it copied or created
 * (changed in place from then on, looked up here rather than in the large `cells` record), and the
 * cell of the open stay's first fix when this batch opened it (so closing it needs no second H3 lookup).
 */
interface Batch {
  owned: Map<string, FingerprintCell>;
  /** Keys of the cells this batch created, in the order it created them. */
  created: string[];
  stayCell: string | null;
}

/** The events sorted by time; the array itself when it already is (what a phone sends), else a sorted copy. */
function inTimeOrder(events: readonly LocationEvent[]): readonly LocationEvent[] {
  for (let i = 1; i < events.length; i++)
    if ((events[i] as LocationEvent).ts < (events[i - 1] as LocationEvent).ts)
      return [...events].sort((a, b) => a.ts - b.ts);
  return events;
}

function onTheMove(previous: LastFix | null, e: LocationEvent): boolean {
  if (e.speedMps != null) return e.speedMps > MOVING_MIN_MPS;
  if (!previous || e.ts - previous.ts > MOVING_WINDOW_MS) return false;
  const previousAccM = fixAccuracyM(previous);
  const accM = fixAccuracyM(e);
  const seconds = Math.max(e.ts - previous.ts, 1_000) / 1_000;
  const sign = roughDistanceSign(previous, e, previousAccM + accM + MOVING_MIN_MPS * seconds);
  if (sign !== 0) return sign > 0;
  return (distanceMetres(previous, e) - previousAccM - accM) / seconds > MOVING_MIN_MPS;
}

/** The cell `key` as this batch may change it: copied once per batch, never the caller's object. */
function ownCell(fp: LocationFingerprint, batch: Batch, key: string): FingerprintCell | undefined {
  const mine = batch.owned.get(key);
  if (mine) return mine;
  const cell = fp.cells[key];
  if (!cell) return undefined;
  const copy = { ...cell };
  batch.owned.set(key, copy);
  fp.cells[key] = copy;
  return copy;
}

/** Folds one real fix into its cell; returns the cell's key. */
function addToCell(fp: LocationFingerprint, batch: Batch, e: LocationEvent, moving: boolean): string {
  const key = cellOf(e.lat, e.lng);
  const cell = ownCell(fp, batch, key);
  const accM = fixAccuracyM(e);
  const local = moving ? null : localTime(e.ts, e.lat, e.lng);
  const night = local ? nightOf(local) : null;
  const work = local ? workDayOf(local) : null;
  if (local) {
    fp.activeDays = addToSortedSet(fp.activeDays, local.day, MAX_DAYS_PER_CELL);
    if (night !== null) fp.activeNights = addToSortedSet(fp.activeNights, night, MAX_DAYS_PER_CELL);
  }
  if (!cell) {
    const created: FingerprintCell = {
      lat: e.lat,
      lng: e.lng,
      n: 1,
      first: e.ts,
      last: e.ts,
      earliest: [e.ts],
      days: local ? [local.day] : [],
      nights: night === null ? [] : [night],
      workDays: work === null ? [] : [work],
      accM,
      stays: 0,
      stayMs: 0,
    };
    batch.owned.set(key, created);
    batch.created.push(key);
    fp.cells[key] = created;
    return key;
  }
  const n = cell.n + 1;
  cell.lat += (e.lat - cell.lat) / n;
  cell.lng += (e.lng - cell.lng) / n;
  cell.accM += (accM - cell.accM) / n;
  cell.n = n;
  cell.first = Math.min(cell.first, e.ts);
  cell.last = Math.max(cell.last, e.ts);
  cell.earliest = addToSmallest(cell.earliest, e.ts, EARLIEST_KEPT);
  if (local) cell.days = addToSortedSet(cell.days, local.day, MAX_DAYS_PER_CELL);
  if (night !== null) cell.nights = addToSortedSet(cell.nights, night, MAX_DAYS_PER_CELL);
  if (work !== null) cell.workDays = addToSortedSet(cell.workDays, work, MAX_DAYS_PER_CELL);
  return key;
}

/** `cell`: the key of `e`'s cell. The open stay is this batch's copy (updateFingerprint), changed in place. */
function trackStay(fp: LocationFingerprint, batch: Batch, e: LocationEvent, cell: string): void {
  const open = fp.stay;
  if (open && withinMetres(open, e, STAY_RADIUS_M)) {
    open.end = e.ts;
    return;
  }
  if (open) closeStay(fp, batch, open);
  fp.stay = { lat: e.lat, lng: e.lng, start: e.ts, end: e.ts };
  batch.stayCell = cell;
}

function closeStay(fp: LocationFingerprint, batch: Batch, stay: OpenStay): void {
  const duration = stay.end - stay.start;
  if (duration < STAY_MIN_MS) return;
  const key = batch.stayCell ?? cellOf(stay.lat, stay.lng);
  const cell = ownCell(fp, batch, key);
  if (!cell) return;
  cell.stays += 1;
  cell.stayMs += duration;
  fp.stayCount += 1;
}

interface RankedCell {
  key: string;
  cell: FingerprintCell;
  /** Position in `cells`: among equals the older cell goes first. */
  order: number;
}

const evictionOrder = (a: RankedCell, b: RankedCell) =>
  a.cell.days.length - b.cell.days.length ||
  a.cell.n - b.cell.n ||
  a.cell.last - b.cell.last ||
  a.order - b.order;

/**
 * Forgets the cells beyond MAX_FINGERPRINT_CELLS: those seen on the fewest days, then with the fewest
 * fixes, then the least recent. A device at the cap evicts after every batch, so only the evicted are
 * found (moveSmallestFirst), not the whole ranking sorted. `keys` are the record's, in order; returns
 * the keys left, in order.
 */
function evictCells(fp: LocationFingerprint, keys: readonly string[]): readonly string[] {
  const excess = keys.length - MAX_FINGERPRINT_CELLS;
  if (excess <= 0) return keys;
  const ranked = keys.map((key, order): RankedCell => ({
    key,
    cell: fp.cells[key] as FingerprintCell,
    order,
  }));
  moveSmallestFirst(ranked, excess, evictionOrder);
  const evicted = new Set<string>();
  for (let i = 0; i < excess; i++) {
    const { key } = ranked[i] as RankedCell;
    delete fp.cells[key];
    evicted.add(key);
  }
  return keys.filter((key) => !evicted.has(key));
}

/** Real (non-mock) events the fingerprint has placed. */
export function realEventCount(fp: LocationFingerprint): number {
  return fp.events - fp.mock;
}
