import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SdkEventSchema } from '../../../lib/contracts/sdk-events';
import { isoMillis, isPlainFix, parseSdkEvent } from '../../../lib/usecases/parse-sdk-event';

const NOW = Date.UTC(2026, 5, 1);

describe('parseSdkEvent', () => {
  it('accepts ISO 8601 and epoch milliseconds, defaulting source and mock', () => {
    const iso = parseSdkEvent({ ts: '2026-05-31T23:00:00.000Z', lat: 1, lng: 2 }, NOW);
    expect(iso).toEqual({
      ok: true,
      event: { ts: NOW - 3_600_000, lat: 1, lng: 2, accuracyM: null, source: 'gps', mock: false },
    });
    const ms = parseSdkEvent(
      { ts: NOW - 1, lat: 1, lng: 2, source: 'wifi', mock: true, accuracy_m: 30 },
      NOW,
    );
    expect(ms.ok && ms.event.source).toBe('wifi');
  });

  it('keeps the optional signal fields a real SDK sends, and only those it sent', () => {
    const parsed = parseSdkEvent(
      {
        ts: NOW - 1,
        lat: 1,
        lng: 2,
        accuracy_m: 8,
        speed_mps: 1.4,
        altitude_m: 760.2,
        bearing_deg: 90,
        vertical_accuracy_m: 4,
        elapsed_realtime_ms: 123_456_789,
        wifi_networks: 7,
        cell_networks: 0,
        unknown_field: 'ignored',
      },
      NOW,
    );
    expect(parsed).toEqual({
      ok: true,
      event: {
        ts: NOW - 1,
        lat: 1,
        lng: 2,
        accuracyM: 8,
        source: 'gps',
        mock: false,
        speedMps: 1.4,
        altitudeM: 760.2,
        bearingDeg: 90,
        verticalAccuracyM: 4,
        elapsedRealtimeMs: 123_456_789,
        wifiNetworks: 7,
        cellNetworks: 0,
      },
    });
    const nulls = parseSdkEvent({ ts: NOW, lat: 1, lng: 2, speed_mps: null, wifi_networks: null }, NOW);
    expect(nulls.ok && Object.keys(nulls.event)).toEqual(['ts', 'lat', 'lng', 'accuracyM', 'source', 'mock']);
  });

  it.each([
    [{ ts: NOW, lat: 0, lng: 0, speed_mps: -1 }, /^speed_mps/],
    [{ ts: NOW, lat: 0, lng: 0, bearing_deg: 400 }, /^bearing_deg/],
    [{ ts: NOW, lat: 0, lng: 0, wifi_networks: 2.5 }, /^wifi_networks/],
    [{ ts: NOW, lat: 91, lng: 0 }, /^lat/],
    [{ ts: NOW, lat: 0, lng: -181 }, /^lng/],
    [{ ts: 'yesterday', lat: 0, lng: 0 }, /^ts/],
    [{ ts: NOW - 91 * 86_400_000, lat: 0, lng: 0 }, /90 days/],
    [{ ts: NOW + 6 * 60_000, lat: 0, lng: 0 }, /future/],
    [{ ts: NOW, lat: 0, lng: 0, source: 'satellite' }, /^source/],
    ['not an object', /event/],
  ])('rejects %j with a reason', (raw, reason) => {
    const parsed = parseSdkEvent(raw, NOW);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(reason);
  });

  /** Values at and around the schema's bounds, and of the wrong kinds. */
  const edgy = fc.oneof(
    fc.constantFrom(
      0,
      -0,
      1,
      -1,
      90,
      -90,
      90.0000001,
      -90.0000001,
      180,
      -180,
      180.5,
      -180.5,
      100_000,
      100_001,
      1_000,
      1_000.5,
      360,
      361,
      10_000,
      10_001,
      2.5,
      NaN,
      Infinity,
      -Infinity,
      null,
      undefined,
      true,
      false,
      'gps',
      'wifi',
      'cell',
      'fused',
      'satellite',
      '',
      'x'.repeat(64),
      'x'.repeat(65),
      '2026-05-31T23:00:00.000Z',
      [],
      {},
    ),
    fc.double(),
    fc.integer(),
    fc.string({ maxLength: 70 }),
  );
  const KEYS = Object.keys(SdkEventSchema.shape) as (keyof typeof SdkEventSchema.shape)[];
  /** A valid fix, or one with a field (a signal field, or one no schema knows) set to an edgy value. */
  const fixArb = fc.oneof(
    fc
      .tuple(
        fc.record(
          {
            ts: fc.oneof(
              fc.integer({ min: NOW - 86_400_000, max: NOW }),
              fc.constant('2026-05-31T23:00:00Z'),
            ),
            lat: fc.double({ min: -90, max: 90, noNaN: true }),
            lng: fc.double({ min: -180, max: 180, noNaN: true }),
            accuracy_m: fc.option(fc.double({ min: 0, max: 100_000, noNaN: true })),
            source: fc.option(fc.constantFrom('gps', 'wifi', 'cell', 'fused')),
            mock: fc.option(fc.boolean()),
          },
          { requiredKeys: ['ts', 'lat', 'lng'] },
        ),
        fc.option(fc.constantFrom(...KEYS, 'other')),
        edgy,
      )
      .map(([fix, key, value]) => (key === null ? fix : { ...fix, [key]: value })),
    fc.anything(),
  );

  it('takes without zod only what the schema accepts, as the schema gives it back', () => {
    fc.assert(
      fc.property(fixArb, (raw) => {
        if (!isPlainFix(raw)) return;
        const parsed = SdkEventSchema.safeParse(raw);
        expect(parsed.success).toBe(true);
        if (!parsed.success) return;
        const wire = raw as Record<string, unknown>;
        for (const key of KEYS) {
          const stated = wire[key] ?? null;
          expect(Object.is(parsed.data[key] ?? null, stated)).toBe(true);
        }
      }),
      { numRuns: 5_000 },
    );
  });

  it('takes the plain fixes phones send without zod', () => {
    expect(
      isPlainFix({
        ts: '2026-05-31T23:00:00.000Z',
        lat: 1,
        lng: 2,
        accuracy_m: 12,
        source: 'wifi',
        mock: false,
      }),
    ).toBe(true);
    expect(isPlainFix({ ts: NOW, lat: -90, lng: 180, accuracy_m: null, source: null, mock: null })).toBe(
      true,
    );
    expect(isPlainFix({ ts: NOW, lat: 1, lng: 2, speed_mps: 1 })).toBe(false);
    expect(isPlainFix({ ts: NOW, lat: 91, lng: 2 })).toBe(false);
  });

  it('takes no fix with a field besides a position without zod, so that no signal field is skipped', () => {
    const position = new Set(['ts', 'lat', 'lng', 'accuracy_m', 'source', 'mock']);
    for (const key of KEYS.filter((k) => !position.has(k))) {
      for (const value of [0, 1, 2.5, true, 'x', []])
        expect(isPlainFix({ ts: NOW, lat: 1, lng: 2, [key]: value }), `${key}: ${String(value)}`).toBe(false);
    }
  });

  /** ISO texts of instants from 1900 to 9999, with and without milliseconds, and with one character changed. */
  const isoArb = fc
    .tuple(
      fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) }),
      fc.boolean(),
      fc.option(fc.tuple(fc.nat(23), fc.constantFrom(...'0123456789-:.TZtz +x'.split('')))),
    )
    .map(([ms, withMs, change]) => {
      const iso = new Date(ms).toISOString();
      const text = withMs ? iso : `${iso.slice(0, 19)}Z`;
      if (!change) return text;
      const [at, char] = change;
      return `${text.slice(0, at)}${char}${text.slice(at + 1)}`;
    });

  it('reads ISO timestamps as Date.parse does, digit by digit or through it', () => {
    fc.assert(
      fc.property(fc.oneof(isoArb, fc.string({ maxLength: 26 })), (text) => {
        expect(Object.is(isoMillis(text), Date.parse(text))).toBe(true);
      }),
      { numRuns: 20_000 },
    );
    for (const text of [
      '2024-02-29T12:00:00Z',
      '2023-02-29T12:00:00Z',
      '2100-02-29T00:00:00.000Z',
      '2026-04-31T00:00:00Z',
    ])
      expect(Object.is(isoMillis(text), Date.parse(text))).toBe(true);
  });
});
