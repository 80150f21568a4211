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
 * is frozen, since everything else is the input's already, and the new cells record's keys and cells are
 * remembered in order (`cellKeys`). At the cap a walk of all 1,500 cells cost ≈ 0.5 ms a batch (the
 * record is in V8's dictionary mode, whose enumeration and lookups are slow), as did each `Object.keys`.
 */
export function updateFrozenFingerprint(
  fingerprint: LocationFingerprint,
  events: readonly LocationEvent[],
): LocationFingerprint {
  if (!Object.isFrozen(fingerprint))
    throw new Error('updateFrozenFingerprint: the fingerprint is not frozen');
  const { fp, batch, keys, values, unchangedFrom } = fold(fingerprint, events);
  for (const cell of batch.owned.values()) deepFreeze(cell);
  frozenCells.set(fp.cells, {
    keys,
    values,
    serial: ++frozenCellsMade,
    inputSerial: frozenCells.get(fingerprint.cells)?.serial ?? null,
    unchangedFrom,
  });
  Object.freeze(fp.cells);
  // The cells record is frozen already, so this walks the few other parts only.
  return deepFreeze(fp);
}

/**
 * The keys of frozen cells records that `updateFrozenFingerprint` made, in their order, and their cells
 * in the same order: a frozen record cannot gain or lose a key, nor a key change its cell, so both stay
 * true. Beside them, which record each was folded from (by serial number: a reference would keep every
 * earlier record alive) and which of its cells it kept unchanged (`cellsUnchangedFrom`).
 */
const frozenCells = new WeakMap<LocationFingerprint['cells'], FrozenCells>();
/** Frozen cells records made so far: each one's serial number. */
let frozenCellsMade = 0;

interface FrozenCells {
  keys: readonly string[];
  values: readonly FingerprintCell[];
  serial: number;
  /** The serial of the record this one was folded from, when that one was made here too. */
  inputSerial: number | null;
  /** Per cell, its position in that record when it is the very same (frozen) object there, else -1. */
  unchangedFrom: Int32Array;
}

/**
 * Per cell of `cells` (in `cellKeys` order), its position in `input`'s record when it is the same frozen
 * object there, unchanged by the fold, else -1; null unless `updateFrozenFingerprint` made `cells` from
 * `input` (both records then frozen, each cell deep-frozen). fingerprint-json.ts reuses the text of
 * `input`'s unchanged cells from there: at the cap most of a batch's 1,500 cells.
 */
export function cellsUnchangedFrom(
  cells: LocationFingerprint['cells'],
  input: LocationFingerprint['cells'],
): Int32Array | null {
  const made = frozenCells.get(cells);
  if (made === undefined || made.inputSerial === null) return null;
  return frozenCells.get(input)?.serial === made.inputSerial ? made.unchangedFrom : null;
}

/**
 * `Object.keys(cells)`, without enumerating a record `updateFrozenFingerprint` made. Cell keys are H3
 * indexes, never array indices, so a record's keys are in insertion order.
 */
export function cellKeys(cells: LocationFingerprint['cells']): readonly string[] {
  return frozenCells.get(cells)?.keys ?? Object.keys(cells);
}

/** `cells`' keys and their cells, in order: remembered for a record `updateFrozenFingerprint` made. */
function cellList(cells: LocationFingerprint['cells']): {
  keys: readonly string[];
  values: readonly FingerprintCell[];
} {
  const known = frozenCells.get(cells);
  if (known) return known;
  const keys = Object.keys(cells);
  return { keys, values: keys.map((key) => cells[key] as FingerprintCell) };
}

/**
 * The fold itself, with what it owns (`Batch`) and the new cells record's keys and cells, in order.
 * The input's cells record is only read: the cells the batch changes or creates live in `batch.owned`
 * until the end, where the new record is built once, without the evicted cells. (Copying the record
 * first and deleting the evicted from the copy cost two dictionary lookups per cell more.)
 */
function fold(
  fingerprint: LocationFingerprint,
  events: readonly LocationEvent[],
): { fp: LocationFingerprint; batch: Batch } & KeptCells {
  const fp: LocationFingerprint = {
    ...fingerprint,
    stay: fingerprint.stay && { ...fingerprint.stay },
    jumps: { ...fingerprint.jumps },
    signal: copySignalStats(fingerprint.signal),
  };
  const batch: Batch = { input: fingerprint.cells, owned: new Map(), created: [], stayCell: null };
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
  const kept = keptCells(fingerprint.cells, batch);
  const { keys, values } = kept;
  const cells: LocationFingerprint['cells'] = {};
  for (let i = 0; i < keys.length; i++) cells[keys[i] as string] = values[i] as FingerprintCell;
  fp.cells = cells;
  return { fp, batch, ...kept };
}

/** The new record's keys and cells in order, and per cell its position in the input's record if unchanged, else -1. */
interface KeptCells {
  keys: readonly string[];
  values: readonly FingerprintCell[];
  unchangedFrom: Int32Array;
}

/**
 * The new record's keys and cells, in order: the input's in their order (a changed cell keeps its
 * place, as the batch's copy), then the cells created here in theirs, less those evicted (evictCells).
 */
function keptCells(input: LocationFingerprint['cells'], batch: Batch): KeptCells {
  const before = cellList(input);
  const changed = batch.owned.size > batch.created.length;
  if (!changed && batch.created.length === 0)
    return {
      keys: before.keys,
      values: before.values,
      unchangedFrom: unchangedPositions(before.values, before.values),
    };
  const keys = [...before.keys, ...batch.created];
  const values = changed
    ? before.keys.map((key, i) => batch.owned.get(key) ?? (before.values[i] as FingerprintCell))
    : [...before.values];
  for (const key of batch.created) values.push(batch.owned.get(key) as FingerprintCell);
  return evictCells(keys, values, unchangedPositions(values, before.values));
}

/** Per cell of `values`, its own position when `input` holds the very same object there, else -1. */
function unchangedPositions(
  values: readonly FingerprintCell[],
  input: readonly FingerprintCell[],
): Int32Array {
  const positions = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) positions[i] = i < input.length && values[i] === input[i] ? i : -1;
  return positions;
}

/**
 * What one call of updateFingerprint owns besides `fp`'s own copies: the cells it copied or created
 * (changed in place from then on, looked up here before the input's record), and the cell of the open
 * stay's first fix when this batch opened it (so closing it needs no second H3 lookup).
 */
interface Batch {
  /** The input's cells record: read, never changed. */
  input: LocationFingerprint['cells'];
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
function ownCell(batch: Batch, key: string): FingerprintCell | undefined {
  const mine = batch.owned.get(key);
  if (mine) return mine;
  // A key the frozen input lacks (a cell new in this batch) is looked up along its prototype chain,
  // in V8's runtime: asking the record itself first costs far less.
  if (!Object.hasOwn(batch.input, key)) return undefined;
  const cell = batch.input[key] as FingerprintCell;
  const copy = { ...cell };
  batch.owned.set(key, copy);
  return copy;
}

/** Folds one real fix into its cell; returns the cell's key. */
function addToCell(fp: LocationFingerprint, batch: Batch, e: LocationEvent, moving: boolean): string {
  const key = cellOf(e.lat, e.lng);
  const cell = ownCell(batch, key);
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
  const cell = ownCell(batch, key);
  if (!cell) return;
  cell.stays += 1;
  cell.stayMs += duration;
  fp.stayCount += 1;
}

/**
 * Which of two cells is forgotten first: the one seen on fewer days, then with fewer fixes, then the
 * less recent; among equals the older (`a` and `b` are positions in the record, which tell age).
 */
function evictedBefore(cells: readonly FingerprintCell[], a: number, b: number): number {
  const x = cells[a] as FingerprintCell;
  const y = cells[b] as FingerprintCell;
  return x.days.length - y.days.length || x.n - y.n || x.last - y.last || a - b;
}

/**
 * Forgets the cells beyond MAX_FINGERPRINT_CELLS: those seen on the fewest days, then with the fewest
 * fixes, then the least recent. A device at the cap evicts after every batch, so only the evicted are
 * found (moveSmallestFirst), not the whole ranking sorted; positions are ranked, not an object per cell.
 * `keys` and `cells` are the record's, in order, `unchangedFrom` where each came from; returns those left, in order.
 */
function evictCells(keys: string[], cells: FingerprintCell[], unchangedFrom: Int32Array): KeptCells {
  const excess = keys.length - MAX_FINGERPRINT_CELLS;
  if (excess <= 0) return { keys, values: cells, unchangedFrom };
  const positions: number[] = new Array(keys.length);
  for (let i = 0; i < keys.length; i++) positions[i] = i;
  moveSmallestFirst(positions, excess, (a, b) => evictedBefore(cells, a, b));
  const evicted = new Uint8Array(keys.length);
  for (let i = 0; i < excess; i++) evicted[positions[i] as number] = 1;
  const keptKeys: string[] = [];
  const keptCells: FingerprintCell[] = [];
  const keptFrom = new Int32Array(keys.length - excess);
  for (let i = 0; i < keys.length; i++) {
    if (evicted[i]) continue;
    keptFrom[keptKeys.length] = unchangedFrom[i] as number;
    keptKeys.push(keys[i] as string);
    keptCells.push(cells[i] as FingerprintCell);
  }
  return { keys: keptKeys, values: keptCells, unchangedFrom: keptFrom };
}

/** Real (non-mock) events the fingerprint has placed. */
export function realEventCount(fp: LocationFingerprint): number {
  return fp.events - fp.mock;
}
