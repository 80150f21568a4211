import { describe, expect, it } from 'vitest';
import { parseSdkEvent } from '../../../lib/usecases/parse-sdk-event';

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
});
