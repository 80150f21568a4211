import { latLngToCell } from 'h3-js';
import { distanceMetres } from '../geo/distance-metres';
import type { LocationEvent, LocationSource } from '../location';
import { localDay, localNight, localWorkDay } from './local-time';
import { addToSmallest, addToSortedSet } from './sorted-set';

/** H3 resolution 10: hexagons of ~66 m edge (~0.015 km²), finer than the 150 m "near" ring. */
export const FINGERPRINT_CELL_RESOLUTION = 10;
/** Beyond this many cells the least-visited, oldest cell is forgotten (a commuter fills ~300). */
export const MAX_FINGERPRINT_CELLS = 1_500;
/** Distinct days remembered per cell (the newest); enough for the 90 days of history ingestion accepts. */
export const MAX_DAYS_PER_CELL = 120;
/** A stay point: consecutive fixes within this radius of the first for at least STAY_MIN_MS. */
export const STAY_RADIUS_M = 150;
export const STAY_MIN_MS = 10 * 60_000;
/** Faster than any airliner between two fixes over 2 km apart: one of them is not where the device was. */
export const JUMP_MIN_M = 2_000;
export const JUMP_MIN_SPEED_KMH = 150;
/** Earliest timestamps kept per cell: the address is verified at the 3rd fix near it. */
const EARLIEST_KEPT = 3;

/** What the device did inside one H3 cell. Coordinates are the mean of the fixes, not the cell centre. */
export interface FingerprintCell {
  lat: number;
  lng: number;
  n: number;
  first: number;
  last: number;
  earliest: number[];
  /** Distinct local days / nights (22:00–06:00) / working hours (Mon–Fri 09–18) with a fix here. */
  days: number[];
  nights: number[];
  workDays: number[];
  /** Wifi fixes here: a spoofing app fakes GPS, while wifi scans keep telling the truth. */
  wifi: number;
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
 * Everything an assessment needs from a device's location history, in bounded space: updated event by
 * event (`updateFingerprint`), stored as one JSON row per installation, read instead of raw events.
 */
export interface LocationFingerprint {
  version: 1;
  /** Every event, mock ones included, and how many were mock. */
  events: number;
  mock: number;
  first: number | null;
  last: number | null;
  /** The newest real (non-mock) fix. */
  lastFix: LastFix | null;
  cells: Record<string, FingerprintCell>;
  stay: OpenStay | null;
  stayCount: number;
  /** Consecutive real fixes farther apart than JUMP_MIN_M at more than JUMP_MIN_SPEED_KMH: teleports. */
  jumps: number;
}

export function emptyFingerprint(): LocationFingerprint {
  return {
    version: 1,
    events: 0,
    mock: 0,
    first: null,
    last: null,
    lastFix: null,
    cells: {},
    stay: null,
    stayCount: 0,
    jumps: 0,
  };
}

/**
 * The fingerprint after `events`. Batches are sorted by time; feeding a time-ordered stream in any
 * split gives the same fingerprint as feeding it at once. Mock fixes are counted, never placed: a
 * spoofed position proves nothing about where the device is.
 */
export function updateFingerprint(
  fingerprint: LocationFingerprint,
  events: readonly LocationEvent[],
): LocationFingerprint {
  const fp: LocationFingerprint = { ...fingerprint, cells: { ...fingerprint.cells } };
  const sorted = [...events].sort((a, b) => a.ts - b.ts);
  for (const e of sorted) {
    fp.events += 1;
    fp.first = fp.first === null ? e.ts : Math.min(fp.first, e.ts);
    fp.last = fp.last === null ? e.ts : Math.max(fp.last, e.ts);
    if (e.mock) {
      fp.mock += 1;
      continue;
    }
    addToCell(fp, e);
    if (fp.lastFix && e.ts >= fp.lastFix.ts && isJump(fp.lastFix, e)) fp.jumps += 1;
    if (!fp.lastFix || e.ts >= fp.lastFix.ts) {
      fp.lastFix = { lat: e.lat, lng: e.lng, ts: e.ts, source: e.source, accuracyM: e.accuracyM };
    }
    trackStay(fp, e);
  }
  evictCells(fp);
  return fp;
}

function addToCell(fp: LocationFingerprint, e: LocationEvent): void {
  const key = latLngToCell(e.lat, e.lng, FINGERPRINT_CELL_RESOLUTION);
  const cell = fp.cells[key];
  const night = localNight(e.ts, e.lng);
  const work = localWorkDay(e.ts, e.lng);
  if (!cell) {
    fp.cells[key] = {
      lat: e.lat,
      lng: e.lng,
      n: 1,
      first: e.ts,
      last: e.ts,
      earliest: [e.ts],
      days: [localDay(e.ts, e.lng)],
      nights: night === null ? [] : [night],
      workDays: work === null ? [] : [work],
      wifi: e.source === 'wifi' ? 1 : 0,
      stays: 0,
      stayMs: 0,
    };
    return;
  }
  const n = cell.n + 1;
  fp.cells[key] = {
    ...cell,
    lat: cell.lat + (e.lat - cell.lat) / n,
    lng: cell.lng + (e.lng - cell.lng) / n,
    n,
    first: Math.min(cell.first, e.ts),
    last: Math.max(cell.last, e.ts),
    earliest: addToSmallest(cell.earliest, e.ts, EARLIEST_KEPT),
    days: addToSortedSet(cell.days, localDay(e.ts, e.lng), MAX_DAYS_PER_CELL),
    nights: night === null ? cell.nights : addToSortedSet(cell.nights, night, MAX_DAYS_PER_CELL),
    workDays: work === null ? cell.workDays : addToSortedSet(cell.workDays, work, MAX_DAYS_PER_CELL),
    wifi: cell.wifi + (e.source === 'wifi' ? 1 : 0),
  };
}

function isJump(previous: LastFix, e: LocationEvent): boolean {
  const d = distanceMetres(previous, e);
  if (d < JUMP_MIN_M) return false;
  const hours = Math.max(e.ts - previous.ts, 1_000) / 3_600_000;
  return d / 1_000 / hours > JUMP_MIN_SPEED_KMH;
}

/** Stay points need time order: a fix older than the open stay (a late history upload) is skipped. */
function trackStay(fp: LocationFingerprint, e: LocationEvent): void {
  const open = fp.stay;
  if (open && e.ts < open.end) return;
  if (open && distanceMetres(open, e) <= STAY_RADIUS_M) {
    fp.stay = { ...open, end: e.ts };
    return;
  }
  if (open) closeStay(fp, open);
  fp.stay = { lat: e.lat, lng: e.lng, start: e.ts, end: e.ts };
}

function closeStay(fp: LocationFingerprint, stay: OpenStay): void {
  const duration = stay.end - stay.start;
  if (duration < STAY_MIN_MS) return;
  const key = latLngToCell(stay.lat, stay.lng, FINGERPRINT_CELL_RESOLUTION);
  const cell = fp.cells[key];
  if (!cell) return;
  fp.cells[key] = { ...cell, stays: cell.stays + 1, stayMs: cell.stayMs + duration };
  fp.stayCount += 1;
}

function evictCells(fp: LocationFingerprint): void {
  const keys = Object.keys(fp.cells);
  if (keys.length <= MAX_FINGERPRINT_CELLS) return;
  const ranked = keys
    .map((k) => ({ k, c: fp.cells[k] as FingerprintCell }))
    .sort((a, b) => a.c.days.length - b.c.days.length || a.c.n - b.c.n || a.c.last - b.c.last);
  for (const { k } of ranked.slice(0, keys.length - MAX_FINGERPRINT_CELLS)) delete fp.cells[k];
}

/** Real (non-mock) events the fingerprint has placed. */
export function realEventCount(fp: LocationFingerprint): number {
  return fp.events - fp.mock;
}
