import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fingerprintJson } from '../../../lib/db/repositories/fingerprint-json';
import { deepFreeze } from '../../../lib/domain/fingerprint/frozen-memo';
import {
  emptyFingerprint,
  updateFingerprint,
  type LocationFingerprint,
} from '../../../lib/domain/fingerprint/location-fingerprint';

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
