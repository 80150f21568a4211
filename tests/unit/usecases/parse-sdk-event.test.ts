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

  it.each([
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
