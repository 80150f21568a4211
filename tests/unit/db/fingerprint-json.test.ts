import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fingerprintJson } from '../../../lib/db/repositories/fingerprint-json';
import { deepFreeze } from '../../../lib/domain/fingerprint/frozen-memo';
import {
  cellKeys,
  cellsUnchangedFrom,
  emptyFingerprint,
  MAX_FINGERPRINT_CELLS,
  updateFingerprint,
  updateFrozenFingerprint,
  type FingerprintCell,
  type LocationFingerprint,
} from '../../../lib/domain/fingerprint/location-fingerprint';
import type { LocationEvent } from '../../../lib/domain/location';

const T0 = Date.UTC(2026, 0, 1);

const eventArb = fc.record({
  ts: fc.integer({ min: T0, max: T0 + 20 * 86_400_000 }),
  lat: fc.double({ min: -23.57, max: -23.55, noNaN: true }),
  lng: fc.double({ min: -46.67, max: -46.65, noNaN: true }),
  accuracyM: fc.option(fc.integer({ min: 1, max: 80 }), { nil: null }),
  source: fc.constantFrom('gps' as const, 'wifi' as const, 'fused' as const),
  mock: fc.boolean(),
});

describe('fingerprint JSON', () => {
  it('is JSON.stringify of the fingerprint after every batch, frozen as ingestion keeps it or not', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(eventArb, { maxLength: 40 }), { maxLength: 6 }),
        fc.boolean(),
        (batches, freeze) => {
          let fp: LocationFingerprint = emptyFingerprint();
          expect(fingerprintJson(fp)).toBe(JSON.stringify(fp));
          for (const events of batches) {
            const next = updateFingerprint(fp, events);
            fp = freeze ? deepFreeze(next) : next;
            expect(fingerprintJson(fp)).toBe(JSON.stringify(fp));
            // The second time every frozen cell's text is the one remembered.
            expect(fingerprintJson(fp)).toBe(JSON.stringify(fp));
          }
        },
      ),
    );
  });

  it('writes a remembered cell under the key it is found at', () => {
    const fp = deepFreeze(
      updateFingerprint(emptyFingerprint(), [
        { ts: T0, lat: -23.56, lng: -46.66, accuracyM: 10, source: 'gps', mock: false },
      ]),
    );
    const [key, cell] = Object.entries(fp.cells)[0]!;
    expect(fingerprintJson(fp)).toBe(JSON.stringify(fp));
    const moved = { ...fp, cells: { [`${key}0`]: cell, [key]: cell } };
    expect(fingerprintJson(moved)).toBe(JSON.stringify(moved));
  });
});

/** Fixes 11 minutes apart, each ≈ 1.1 km from the last: a cell each (the fingerprint reaches its cap). */
function spreadFixes(count: number, from: number, start: number): LocationEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    ts: start + i * 11 * 60_000,
    lat: -23 - (from + i) * 0.01,
    lng: -46.6,
    accuracyM: 10,
    source: 'wifi' as const,
    mock: false,
  }));
}

describe('fingerprint JSON from the text of the fingerprint it was folded from', () => {
  it('is JSON.stringify of every batch ingestion folds, at the cap (cells evicted) and below it', () => {
    const startTs = T0 - 40 * 86_400_000;
    // Folded as ingestion folds (frozen), so that the first batch below is folded from a record made here too.
    const full = updateFrozenFingerprint(
      deepFreeze(emptyFingerprint()),
      spreadFixes(MAX_FINGERPRINT_CELLS - 30, 0, startTs),
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            events: fc.array(eventArb, { maxLength: 40 }),
            // Places already in the fingerprint seen again, and new ones (past the cap: evictions).
            again: fc.array(fc.nat(MAX_FINGERPRINT_CELLS - 31), { maxLength: 8 }),
            fresh: fc.nat(40),
          }),
          { maxLength: 6 },
        ),
        (batches) => {
          let fp: LocationFingerprint = full;
          let previousText = fingerprintJson(fp);
          expect(previousText).toBe(JSON.stringify(fp));
          let placesMade = MAX_FINGERPRINT_CELLS - 30;
          batches.forEach(({ events, again, fresh }, b) => {
            const later = T0 + 30 * 86_400_000 + b * 86_400_000;
            const revisited = again.map((i, k) => ({ ...spreadFixes(1, i, later + k * 60_000)[0]! }));
            const made = spreadFixes(fresh, placesMade, later + 3_600_000);
            placesMade += fresh;
            const next = updateFrozenFingerprint(fp, [...events, ...revisited, ...made]);
            const text = fingerprintJson(next, fp);
            expect(text).toBe(JSON.stringify(next));
            expect(fingerprintJson(next, fp)).toBe(text);
            fp = next;
            previousText = text;
          });
          expect(previousText).toBe(JSON.stringify(fp));
        },
      ),
      { numRuns: 15 },
    );
  }, 60_000);

  it('names, per cell of a folded record, where the same cell was in the record it was folded from', () => {
    const input = updateFrozenFingerprint(
      deepFreeze(emptyFingerprint()),
      spreadFixes(MAX_FINGERPRINT_CELLS, 0, T0),
    );
    const later = T0 + MAX_FINGERPRINT_CELLS * 11 * 60_000 + 86_400_000;
    const next = updateFrozenFingerprint(input, [
      ...spreadFixes(3, 5, later),
      ...spreadFixes(20, MAX_FINGERPRINT_CELLS, later + 3_600_000),
    ]);
    // Not folded from a record made here: no positions.
    expect(cellsUnchangedFrom(input.cells, emptyFingerprint().cells)).toBeNull();
    const plain = updateFingerprint(emptyFingerprint(), spreadFixes(3, 0, T0));
    expect(
      cellsUnchangedFrom(
        updateFrozenFingerprint(deepFreeze(plain), spreadFixes(1, 9, later)).cells,
        plain.cells,
      ),
    ).toBeNull();
    const from = cellsUnchangedFrom(next.cells, input.cells)!;
    const inputKeys = cellKeys(input.cells);
    const keys = cellKeys(next.cells);
    expect(from).toHaveLength(keys.length);
    keys.forEach((key, i) => {
      const j = from[i]!;
      if (j === -1) expect(next.cells[key]).not.toBe(input.cells[key]);
      else {
        expect(inputKeys[j]).toBe(key);
        expect(next.cells[key]).toBe(input.cells[key]);
      }
    });
    // The three cells seen again were copied; the twenty new ones created; 20 old ones evicted.
    expect(from.filter((j) => j === -1)).toHaveLength(23);
    // Only the record it was folded from: another one's positions would copy the wrong text.
    const other = updateFrozenFingerprint(input, spreadFixes(1, 7, later));
    expect(cellsUnchangedFrom(next.cells, other.cells)).toBeNull();
  });

  it("writes a cell whose fields are not in the fold's order, or not finite, as JSON.stringify does", () => {
    const fp = deepFreeze(
      updateFingerprint(emptyFingerprint(), [
        { ts: T0, lat: -23.56, lng: -46.66, accuracyM: 10, source: 'gps', mock: false },
      ]),
    );
    const [key, cell] = Object.entries(fp.cells)[0]!;
    const { accM, ...rest } = cell;
    const upgraded: FingerprintCell = { ...rest, accM };
    const odd: FingerprintCell = { ...cell, accM: Number.NaN, days: [1, Number.POSITIVE_INFINITY] };
    for (const variant of [upgraded, odd]) {
      const changed = { ...fp, cells: { [key]: variant } };
      expect(fingerprintJson(changed)).toBe(JSON.stringify(changed));
    }
  });
});
