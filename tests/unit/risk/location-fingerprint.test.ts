import fc from 'fast-check';
import { latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { addressPresence, eventsNearPoint } from '../../../lib/domain/fingerprint/address-presence';
import { fingerprintPlaces, trustedPlaces } from '../../../lib/domain/fingerprint/fingerprint-places';
import {
  currentFingerprint,
  type StoredFingerprint,
} from '../../../lib/domain/fingerprint/fingerprint-upgrade';
import { deepFreeze } from '../../../lib/domain/fingerprint/frozen-memo';
import {
  cellKeys,
  emptyFingerprint,
  FINGERPRINT_CELL_RESOLUTION,
  MAX_FINGERPRINT_CELLS,
  updateFingerprint,
  updateFrozenFingerprint,
  type LocationFingerprint,
} from '../../../lib/domain/fingerprint/location-fingerprint';
import { localTime, nightOf } from '../../../lib/domain/fingerprint/local-time';
import { distanceMetres } from '../../../lib/domain/geo/distance-metres';
import type { LocationEvent } from '../../../lib/domain/location';

const T0 = Date.UTC(2026, 0, 1);
const HOME = { lat: -23.5614, lng: -46.6559 };

const eventFields = {
  ts: fc.integer({ min: T0, max: T0 + 20 * 86_400_000 }),
  lat: fc.double({ min: -23.6, max: -23.5, noNaN: true }),
  lng: fc.double({ min: -46.7, max: -46.6, noNaN: true }),
  accuracyM: fc.constant(10),
  source: fc.constantFrom('gps' as const, 'wifi' as const, 'fused' as const),
  mock: fc.constant(false),
};
const eventArb = fc.record(eventFields);

/** Fixes within ~60 m of HOME: stays that open in one batch and go on in the next. */
const nearHomeArb = fc.record({
  ...eventFields,
  lat: fc.double({ min: HOME.lat - 0.0005, max: HOME.lat + 0.0005, noNaN: true }),
  lng: fc.double({ min: HOME.lng - 0.0005, max: HOME.lng + 0.0005, noNaN: true }),
});

function at(
  p: { lat: number; lng: number },
  ts: number,
  source: LocationEvent['source'] = 'wifi',
): LocationEvent {
  return { ...p, ts, accuracyM: 10, source, mock: false };
}

/** `frozen` is `plain`, key order included, frozen all the way down, and `cellKeys` lists its cells. */
function expectSameFrozen(frozen: LocationFingerprint, plain: LocationFingerprint): void {
  expect(frozen).toEqual(plain);
  expect(JSON.stringify(frozen)).toBe(JSON.stringify(plain));
  expect(cellKeys(frozen.cells)).toEqual(Object.keys(frozen.cells));
  const unfrozen: unknown[] = [];
  const visit = (value: unknown) => {
    if (value === null || typeof value !== 'object') return;
    if (!Object.isFrozen(value)) unfrozen.push(value);
    for (const child of Object.values(value)) visit(child);
  };
  visit(frozen);
  expect(unfrozen).toEqual([]);
}

describe('location fingerprint', () => {
  it('is the same fed incrementally in any split of a time-ordered stream as fed at once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(eventArb, nearHomeArb), { maxLength: 120 }),
        fc.array(fc.nat(120), { maxLength: 6 }),
        (events, cuts) => {
          const sorted = [...events].sort((a, b) => a.ts - b.ts);
          const batch = updateFingerprint(emptyFingerprint(), sorted);
          const bounds = [
            0,
            ...[...new Set(cuts)].sort((a, b) => a - b).filter((c) => c < sorted.length),
            sorted.length,
          ];
          let incremental = emptyFingerprint();
          for (let i = 0; i + 1 < bounds.length; i += 1) {
            incremental = updateFingerprint(incremental, sorted.slice(bounds[i], bounds[i + 1]));
          }
          expect(incremental).toEqual(batch);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('never changes the fingerprint it starts from (the fold works on copies it owns)', () => {
    const deepFreeze = <T>(value: T): T => {
      if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
        Object.freeze(value);
        for (const child of Object.values(value)) deepFreeze(child);
      }
      return value;
    };
    fc.assert(
      fc.property(
        fc.array(fc.oneof(eventArb, nearHomeArb), { maxLength: 80 }),
        fc.array(fc.oneof(eventArb, nearHomeArb), { maxLength: 80 }),
        (first, second) => {
          const start = updateFingerprint(emptyFingerprint(), first);
          const copy = structuredClone(start);
          // Frozen: a write to anything the caller passed in throws here instead of passing unnoticed.
          const next = updateFingerprint(deepFreeze(start), second);
          expect(start).toEqual(copy);
          expect(next.events).toBe(first.length + second.length);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('at the cell cap forgets the cells seen on the fewest days, then with the fewest fixes, then the oldest', () => {
    const MINUTE = 60_000;
    // Each fix 1.1 km from the last and 11 minutes after it: a cell of its own, not on the move.
    const place = (i: number) => ({ lat: -23 - i * 0.01, lng: -46.6 });
    const first = Array.from({ length: MAX_FINGERPRINT_CELLS }, (_, i) => at(place(i), T0 + i * 11 * MINUTE));
    const full = updateFingerprint(emptyFingerprint(), first);
    expect(Object.keys(full.cells)).toHaveLength(MAX_FINGERPRINT_CELLS);
    const later = T0 + MAX_FINGERPRINT_CELLS * 11 * MINUTE + 86_400_000;
    // Cells 0-9 seen again a day later, cells 10-19 once more the same day, then twenty new places.
    const again = Array.from({ length: 10 }, (_, i) => at(place(i), later + i * 11 * MINUTE));
    const same = Array.from({ length: 10 }, (_, i) => at(place(10 + i), T0 + (10 + i) * 11 * MINUTE + 1));
    const fresh = Array.from({ length: 20 }, (_, i) =>
      at(place(MAX_FINGERPRINT_CELLS + i), later + (10 + i) * 11 * MINUTE),
    );
    const next = updateFingerprint(full, [...again, ...same, ...fresh]);
    const cellOf = (i: number) => latLngToCell(place(i).lat, place(i).lng, FINGERPRINT_CELL_RESOLUTION);
    const forgotten = Object.keys(full.cells).filter((key) => !(key in next.cells));
    expect(new Set(forgotten)).toEqual(new Set(Array.from({ length: 20 }, (_, i) => cellOf(20 + i))));
    expect(Object.keys(next.cells)).toHaveLength(MAX_FINGERPRINT_CELLS);
  });

  it('at the cap keeps the cells a full ranking keeps, in record order (ties on days, fixes and recency included)', () => {
    const MINUTE = 60_000;
    const place = (i: number) => ({ lat: -23 - i * 0.01, lng: -46.6 });
    const keyOf = (i: number) => latLngToCell(place(i).lat, place(i).lng, FINGERPRINT_CELL_RESOLUTION);
    const inputKeys = Array.from({ length: MAX_FINGERPRINT_CELLS }, (_, i) => keyOf(i));
    const freshKeys = Array.from({ length: 40 }, (_, j) => keyOf(MAX_FINGERPRINT_CELLS + j));
    const later = T0 + 30 * 86_400_000;
    fc.assert(
      fc.property(
        // Few distinct values, so that most cells tie on days and fixes and many on recency too.
        fc.array(fc.tuple(fc.nat(2), fc.integer({ min: 1, max: 3 }), fc.nat(3)), {
          minLength: MAX_FINGERPRINT_CELLS,
          maxLength: MAX_FINGERPRINT_CELLS,
        }),
        fc.integer({ min: 1, max: freshKeys.length }),
        fc.boolean(),
        (ranks, created, frozen) => {
          const cells: LocationFingerprint['cells'] = {};
          ranks.forEach(([days, n, last], i) => {
            cells[inputKeys[i] as string] = {
              ...place(i),
              n,
              first: T0,
              last: T0 + last * MINUTE,
              earliest: [T0],
              days: Array.from({ length: days }, (_, d) => 20_000 + d),
              nights: [],
              workDays: [],
              accM: 10,
              stays: 0,
              stayMs: 0,
            };
          });
          const start: LocationFingerprint = { ...emptyFingerprint(), cells };
          // New places only, 1.1 km and 11 minutes apart (not on the move): every input cell stays as it was.
          const events = Array.from({ length: created }, (_, j) =>
            at(place(MAX_FINGERPRINT_CELLS + j), later + j * 11 * MINUTE),
          );
          const next = frozen
            ? updateFrozenFingerprint(deepFreeze(start), events)
            : updateFingerprint(start, events);
          const all = [...inputKeys, ...freshKeys.slice(0, created)];
          const rankOf = (key: string, position: number) => {
            const cell = cells[key];
            if (cell) return [cell.days.length, cell.n, cell.last, position];
            // A created cell: one fix, on one day, newer than every input cell.
            const j = position - MAX_FINGERPRINT_CELLS;
            return [1, 1, later + j * 11 * MINUTE, position];
          };
          const ranked = all
            .map((key, position) => ({ key, rank: rankOf(key, position) }))
            .sort((a, b) => {
              for (let i = 0; i < 4; i++) {
                const d = (a.rank[i] as number) - (b.rank[i] as number);
                if (d !== 0) return d;
              }
              return 0;
            });
          const evicted = new Set(ranked.slice(0, created).map((r) => r.key));
          expect(cellKeys(next.cells)).toEqual(all.filter((key) => !evicted.has(key)));
          expect(Object.keys(next.cells)).toEqual(cellKeys(next.cells));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('folds a frozen fingerprint into the same fingerprint as updateFingerprint, deep-frozen, its keys in order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.oneof(eventArb, nearHomeArb), { maxLength: 60 }), { maxLength: 6 }),
        (batches) => {
          let plain = emptyFingerprint();
          let frozen = deepFreeze(emptyFingerprint());
          for (const events of batches) {
            plain = updateFingerprint(plain, events);
            frozen = updateFrozenFingerprint(frozen, events);
            expectSameFrozen(frozen, plain);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('folds a frozen fingerprint at the cell cap like updateFingerprint, evicting the same cells', () => {
    const MINUTE = 60_000;
    const place = (i: number) => ({ lat: -23 - i * 0.01, lng: -46.6 });
    const batch = (from: number, count: number, ts: number) =>
      Array.from({ length: count }, (_, i) => at(place(from + i), ts + i * 11 * MINUTE));
    let plain = emptyFingerprint();
    let frozen = deepFreeze(emptyFingerprint());
    // Past the cap, then back to cells seen before (a second day) and new ones: every batch evicts.
    const batches = [
      batch(0, MAX_FINGERPRINT_CELLS - 5, T0),
      batch(MAX_FINGERPRINT_CELLS - 5, 40, T0 + 20 * 86_400_000),
      [
        ...batch(100, 10, T0 + 21 * 86_400_000),
        ...batch(MAX_FINGERPRINT_CELLS + 40, 30, T0 + 22 * 86_400_000),
      ],
      batch(0, 25, T0 + 23 * 86_400_000),
    ];
    for (const events of batches) {
      plain = updateFingerprint(plain, events);
      frozen = updateFrozenFingerprint(frozen, events);
      expectSameFrozen(frozen, plain);
      expect(cellKeys(frozen.cells)).toHaveLength(MAX_FINGERPRINT_CELLS - (events === batches[0] ? 5 : 0));
    }
  });

  it('refuses to fold a fingerprint that is not frozen into a frozen one', () => {
    expect(() => updateFrozenFingerprint(emptyFingerprint(), [at(HOME, T0)])).toThrow(/not frozen/);
  });

  it('counts every event and never places a mock fix', () => {
    fc.assert(
      fc.property(
        fc.array(eventArb, { maxLength: 80 }),
        fc.array(fc.boolean(), { maxLength: 80 }),
        (events, mocks) => {
          const withMock = events.map((e, i) => ({ ...e, mock: mocks[i] ?? false }));
          const fp = updateFingerprint(emptyFingerprint(), withMock);
          const placed = Object.values(fp.cells).reduce((n, c) => n + c.n, 0);
          expect(fp.events).toBe(events.length);
          expect(placed).toBe(withMock.filter((e) => !e.mock).length);
        },
      ),
    );
  });

  it('measures presence near a point like the raw events do (within a cell)', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { minLength: 1, maxLength: 80 }), (events) => {
        const fp = updateFingerprint(emptyFingerprint(), events);
        const p = addressPresence(fp, HOME, 5_000);
        const brute = events.filter((e) => distanceMetres(e, HOME) <= 5_000).length;
        // A cell is near when the mean of its fixes is: events within ~70 m of the radius may flip.
        const margin = events.filter((e) => Math.abs(distanceMetres(e, HOME) - 5_000) < 150).length;
        expect(Math.abs(p.eventsNear - brute)).toBeLessThanOrEqual(margin);
        expect(p.eventsConsidered).toBe(events.length);
      }),
    );
  });

  it("counts a payment's events near a point as the full presence does", () => {
    fc.assert(
      fc.property(
        fc.array(eventArb, { maxLength: 80 }),
        fc.double({ min: HOME.lat - 0.05, max: HOME.lat + 0.05, noNaN: true }),
        fc.double({ min: HOME.lng - 0.05, max: HOME.lng + 0.05, noNaN: true }),
        fc.integer({ min: 0, max: 6_000 }),
        (events, lat, lng, radiusM) => {
          const fp = updateFingerprint(emptyFingerprint(), events);
          const point = { lat, lng };
          expect(eventsNearPoint(fp, point, radiusM)).toBe(addressPresence(fp, point, radiusM).eventsNear);
        },
      ),
    );
  });

  it('finds home where the nights are and trusts places seen on two days', () => {
    const work = { lat: -23.5869, lng: -46.6822 };
    const events: LocationEvent[] = [];
    for (let day = 0; day < 5; day += 1) {
      const midnight = T0 + day * 86_400_000 + 3 * 3_600_000; // 00:00 local at UTC−3
      for (let h = 0; h < 6; h += 1) events.push(at(HOME, midnight + h * 3_600_000));
      if (day < 4) for (let h = 10; h < 17; h += 1) events.push(at(work, midnight + h * 3_600_000, 'gps'));
    }
    const places = fingerprintPlaces(updateFingerprint(emptyFingerprint(), events));
    expect(places[0]?.kind).toBe('home');
    expect(distanceMetres(places[0]!, HOME)).toBeLessThan(10);
    expect(places[1]?.kind).toBe('work');
    expect(trustedPlaces(places)).toHaveLength(2);
    expect(nightOf(localTime(T0 + 3 * 3_600_000 + 3_600_000, HOME.lat, HOME.lng))).not.toBeNull();
  });

  it('detects stay points, and counts a teleport only once the fixes after it confirm it', () => {
    const far = { lat: -22.9, lng: -43.2 };
    // A lone wrong fix 360 km away that snaps back is an outlier, not two teleports.
    const outlier = [
      at(HOME, T0),
      at(HOME, T0 + 15 * 60_000),
      at(far, T0 + 20 * 60_000),
      at(HOME, T0 + 25 * 60_000),
    ];
    const fp = updateFingerprint(emptyFingerprint(), outlier);
    expect(fp.stayCount).toBe(1);
    expect(fp.jumps).toMatchObject({ jumps: 0, outliers: 1 });
    // A moved access point answers with the same coordinates while the phone stays in its range: the
    // repeats are one wrong answer, not a confirmed teleport there and back.
    const movedRouter = [
      ...outlier.slice(0, 3),
      at(far, T0 + 21 * 60_000),
      at(far, T0 + 22 * 60_000),
      at(far, T0 + 23 * 60_000),
      at(HOME, T0 + 25 * 60_000),
      at(HOME, T0 + 30 * 60_000),
    ];
    expect(updateFingerprint(emptyFingerprint(), movedRouter).jumps).toMatchObject({ jumps: 0, outliers: 1 });
    // Satellite fixes confirm the new place: one jump; back home for good: a second one.
    const confirmed = [
      ...outlier.slice(0, 3),
      at(far, T0 + 26 * 60_000, 'gps'),
      at(far, T0 + 31 * 60_000, 'gps'),
      at(HOME, T0 + 35 * 60_000, 'gps'),
      at(HOME, T0 + 40 * 60_000, 'gps'),
      at(HOME, T0 + 45 * 60_000),
    ];
    expect(updateFingerprint(emptyFingerprint(), confirmed).jumps).toMatchObject({ jumps: 2, outliers: 0 });
    // A flight (gate to gate slower than 900 km/h) is travel, not a teleport.
    const flight = [
      at(HOME, T0),
      at(far, T0 + 60 * 60_000),
      at(far, T0 + 70 * 60_000),
      at(far, T0 + 80 * 60_000),
    ];
    expect(updateFingerprint(emptyFingerprint(), flight).jumps.jumps).toBe(0);
  });

  it('counts a late or duplicated upload in its cells but not as travel', () => {
    const far = { lat: -22.9, lng: -43.2 };
    const stream = [at(HOME, T0), at(HOME, T0 + 10 * 60_000), at(HOME, T0 + 20 * 60_000)];
    const fp = updateFingerprint(updateFingerprint(emptyFingerprint(), stream), [
      ...stream,
      at(far, T0 + 5 * 60_000),
    ]);
    expect(fp.events).toBe(7);
    expect(fp.jumps).toMatchObject({ jumps: 0, outliers: 0 });
    // Only the three fixes in time order reach the signal checks.
    expect(Object.values(fp.signal.sources).reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('keeps local days and nights in the real time zone of each fix', () => {
    // 23:30 in Beijing (UTC+8) is 15:30 UTC: a night there, whatever 116° E ÷ 15 says.
    const beijing = { lat: 39.9042, lng: 116.4074 };
    const ts = Date.UTC(2026, 0, 6, 15, 30);
    expect(nightOf(localTime(ts, beijing.lat, beijing.lng))).not.toBeNull();
    // Reykjavík (UTC+0 at 22° W): 12:00 UTC is noon, not 10:00 or 11:00.
    expect(localTime(Date.UTC(2026, 5, 1, 12), 64.1466, -21.9426).hour).toBe(12);
    // New York in July is on daylight time (UTC−4), in January on standard time (UTC−5).
    expect(localTime(Date.UTC(2026, 6, 1, 12), 40.7128, -74.006).hour).toBe(8);
    expect(localTime(Date.UTC(2026, 0, 1, 12), 40.7128, -74.006).hour).toBe(7);
    // Across the antimeridian: Fiji (UTC+12) and Samoa (UTC+13) share the longitude band with Alaska.
    expect(localTime(Date.UTC(2026, 5, 1, 0), -18.1416, 178.4419).hour).toBe(12);
    expect(localTime(Date.UTC(2026, 5, 1, 0), 51.88, -176.65).hour).toBe(15);
    const fp = updateFingerprint(emptyFingerprint(), [at(beijing, ts), at(beijing, ts + 60 * 60_000)]);
    expect(fp.activeNights).toHaveLength(1);
  });

  it('reads a version-1 fingerprint as the current shape, keeping its places and forgetting its blind jumps', () => {
    const v1 = {
      version: 1,
      events: 2,
      mock: 0,
      first: T0,
      last: T0 + 86_400_000,
      lastFix: { ...HOME, ts: T0 + 86_400_000, source: 'wifi', accuracyM: 10 },
      cells: {
        a: {
          ...HOME,
          n: 2,
          first: T0,
          last: T0 + 86_400_000,
          earliest: [T0],
          days: [1, 2],
          nights: [1],
          workDays: [],
          wifi: 2,
          stays: 0,
          stayMs: 0,
        },
      },
      stay: null,
      stayCount: 0,
      jumps: 7,
    } as unknown as StoredFingerprint;
    const fp = currentFingerprint(v1);
    expect(fp).toMatchObject({ version: 3, activeDays: [1, 2], activeNights: [1], jumps: { jumps: 0 } });
    expect(fp.cells.a).not.toHaveProperty('wifi');
    expect(fingerprintPlaces(fp)[0]).toMatchObject({ days: 2 });
    expect(updateFingerprint(fp, [at(HOME, T0 + 2 * 86_400_000)]).events).toBe(3);
  });
});
