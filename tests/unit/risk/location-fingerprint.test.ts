import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressPresence } from '../../../lib/domain/fingerprint/address-presence';
import { fingerprintPlaces, trustedPlaces } from '../../../lib/domain/fingerprint/fingerprint-places';
import { emptyFingerprint, updateFingerprint } from '../../../lib/domain/fingerprint/location-fingerprint';
import { localNight } from '../../../lib/domain/fingerprint/local-time';
import { distanceMetres } from '../../../lib/domain/geo/distance-metres';
import type { LocationEvent } from '../../../lib/domain/location';

const T0 = Date.UTC(2026, 0, 1);
const HOME = { lat: -23.5614, lng: -46.6559 };

const eventArb = fc.record({
  ts: fc.integer({ min: T0, max: T0 + 20 * 86_400_000 }),
  lat: fc.double({ min: -23.6, max: -23.5, noNaN: true }),
  lng: fc.double({ min: -46.7, max: -46.6, noNaN: true }),
  accuracyM: fc.constant(10),
  source: fc.constantFrom('gps' as const, 'wifi' as const, 'fused' as const),
  mock: fc.constant(false),
});

function at(
  p: { lat: number; lng: number },
  ts: number,
  source: LocationEvent['source'] = 'wifi',
): LocationEvent {
  return { ...p, ts, accuracyM: 10, source, mock: false };
}

describe('location fingerprint', () => {
  it('is the same fed incrementally in any split of a time-ordered stream as fed at once', () => {
    fc.assert(
      fc.property(
        fc.array(eventArb, { maxLength: 120 }),
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
    expect(localNight(T0 + 3 * 3_600_000 + 3_600_000, HOME.lng)).not.toBeNull();
  });

  it('detects stay points and teleports', () => {
    const far = { lat: -22.9, lng: -43.2 };
    const events = [
      at(HOME, T0),
      at(HOME, T0 + 15 * 60_000),
      at(far, T0 + 20 * 60_000),
      at(HOME, T0 + 25 * 60_000),
    ];
    const fp = updateFingerprint(emptyFingerprint(), events);
    expect(fp.stayCount).toBe(1);
    expect(fp.jumps).toBe(2);
  });
});
