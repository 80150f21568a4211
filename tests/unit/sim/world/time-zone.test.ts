import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../../../lib/sim/format-timestamp';
import { haversineMeters } from '../../../../lib/sim/geo';
import { clockAt, localClock, timeZoneAt, utcOffsetMs } from '../../../../lib/sim/time-zone';
import { WORLD_CITIES } from '../../../../lib/sim/world/world-city';
import { NOW, world } from './world-fixtures';

const HOUR_MS = 3_600_000;
const offsetHours = (lat: number, lng: number, ts = NOW) =>
  utcOffsetMs(timeZoneAt({ lat, lng }), ts) / HOUR_MS;

describe('time zones from coordinates', { timeout: 120_000 }, () => {
  it('puts both sides of the antimeridian in Fiji on the same clock, and Samoa a day from its longitude', () => {
    expect(timeZoneAt({ lat: -16.8, lng: 179.98 })).toBe('Pacific/Fiji');
    expect(timeZoneAt({ lat: -16.8, lng: -179.97 })).toBe('Pacific/Fiji');
    expect(offsetHours(-16.8, -179.97)).toBe(12);
    // Samoa lies at 172° W (longitude ÷ 15 ≈ −11) and keeps UTC+13.
    expect(offsetHours(-13.83, -171.77)).toBe(13);
  });

  it('keeps western China on Beijing time, and Nepal and India on their half and quarter hours', () => {
    expect(offsetHours(29.65, 91.1)).toBe(8);
    expect(offsetHours(27.7, 85.32)).toBe(5.75);
    expect(offsetHours(19.07, 72.88)).toBe(5.5);
    expect(offsetHours(-34.6, -58.38)).toBe(-3);
  });

  it('follows DST: Spain moves from +1 to +2 on 29 March 2026, Auckland from +13 to +12 on 5 April', () => {
    expect(offsetHours(40.42, -3.7, Date.UTC(2026, 2, 29, 0, 59))).toBe(1);
    expect(offsetHours(40.42, -3.7, Date.UTC(2026, 2, 29, 1, 0))).toBe(2);
    expect(offsetHours(-36.85, 174.76, Date.UTC(2026, 3, 4, 12))).toBe(13);
    expect(offsetHours(-36.85, 174.76, Date.UTC(2026, 3, 5, 12))).toBe(12);
  });

  it('finds local noon on either side of a DST change', () => {
    const madrid = localClock('Europe/Madrid');
    const before = madrid.day(Date.UTC(2026, 2, 28, 12));
    for (const day of [before, before + 1, before + 2]) expect(madrid.hour(madrid.at(day, 12))).toBe(12);
    expect(madrid.weekday(madrid.day(Date.UTC(2026, 2, 29, 12)))).toBe(0);
  });

  it('writes the same instant in every timestamp style', () => {
    const ts = Date.UTC(2026, 3, 1, 3, 7, 9, 250);
    expect(formatTimestamp(ts, 'epoch_ms', 'Asia/Kathmandu')).toBe(ts);
    expect(formatTimestamp(ts, 'iso_utc', 'Asia/Kathmandu')).toBe('2026-04-01T03:07:09.250Z');
    const local = formatTimestamp(ts, 'iso_local', 'Asia/Kathmandu');
    expect(local).toBe('2026-04-01T08:52:09.250+05:45');
    expect(Date.parse(String(local))).toBe(ts);
    expect(Date.parse(String(formatTimestamp(ts, 'iso_local', 'America/Argentina/Buenos_Aires')))).toBe(ts);
  });

  it('lives people across the antimeridian without a fix thrown round the globe', () => {
    const taveuni = world('antimeridian', 120).devices.filter(
      (d) => d.truth.home && haversineMeters(d.truth.home, WORLD_CITIES.taveuni.centre) < 10_000,
    );
    expect(taveuni.length).toBeGreaterThan(2);
    const fixes = taveuni.flatMap((d) => d.events.filter((e) => !e.outlier));
    expect(fixes.some((e) => e.lng < 0) && fixes.some((e) => e.lng > 0)).toBe(true);
    for (const e of fixes) expect(e.lng >= -180 && e.lng < 180).toBe(true);
    const far = fixes.filter((e) => haversineMeters(e, WORLD_CITIES.taveuni.centre) > 60_000);
    expect(far.length / fixes.length).toBeLessThan(0.1);
  });

  it('sleeps people by their own clock: a Lhasa office worker is home at 03:00 Beijing time', () => {
    const lhasa = world('clocks_far_east', 200).devices.filter(
      (d) =>
        d.scenario === 'honest_office' &&
        d.truth.home &&
        haversineMeters(d.truth.home, WORLD_CITIES.lhasa.centre) < 10_000,
    );
    expect(lhasa.length).toBeGreaterThan(0);
    const clock = clockAt(WORLD_CITIES.lhasa.centre);
    const atHome = lhasa.flatMap((d) => {
      const nights = d.events.filter(
        (e) => !e.outlier && e.source !== 'cell' && clock.hour(e.ts) >= 2 && clock.hour(e.ts) < 5,
      );
      return nights.map((e) => haversineMeters(e, d.truth.home!) < 500);
    });
    expect(atHome.length).toBeGreaterThan(10);
    expect(atHome.filter(Boolean).length / atHome.length).toBeGreaterThan(0.85);
  });
});
