import { describe, expect, it } from 'vitest';
import { haversineMeters } from '../../../lib/sim/geo';
import { localHour } from '../../../lib/sim/local-time';
import type { SimulatedDevice } from '../../../lib/sim/types';
import { NOW, population } from './fixtures';

const devices = (scenario: string): SimulatedDevice[] =>
  population().devices.filter((d) => d.scenario === scenario);

describe('honest users', () => {
  it('declare coordinates within 150 m of where they really live', () => {
    for (const d of [...devices('honest'), ...devices('honest_address_typos')]) {
      const declared = d.declaredAddress?.address_coordinates;
      expect(declared).toBeDefined();
      expect(haversineMeters(d.truth.home!, declared!)).toBeLessThan(150);
    }
  });

  it('spend their nights at home: most fixes between 01:00 and 05:00 local time are near home', () => {
    let near = 0;
    let night = 0;
    for (const d of devices('honest')) {
      for (const e of d.events) {
        const hour = localHour(e.ts, e.lng);
        if (hour < 1 || hour >= 5) continue;
        night++;
        if (haversineMeters(e, d.truth.home!) < 200) near++;
      }
    }
    expect(night).toBeGreaterThan(100);
    expect(near / night).toBeGreaterThan(0.9);
  });

  it('report realistic noise: gps 5–30 m, wifi 20–60 m, fixes scattered around home', () => {
    const events = devices('honest').flatMap((d) => d.events);
    for (const e of events.filter((x) => x.source === 'gps')) expect(e.accuracy_m).toBeGreaterThanOrEqual(5);
    expect(
      events.filter((x) => x.source === 'gps').every((x) => x.accuracy_m !== null && x.accuracy_m <= 30),
    ).toBe(true);
    expect(
      events
        .filter((x) => x.source === 'wifi')
        .every((x) => x.accuracy_m !== null && x.accuracy_m >= 20 && x.accuracy_m <= 60),
    ).toBe(true);
    expect(events.some((x) => x.source === 'wifi')).toBe(true);
    expect(events.every((x) => !x.mock)).toBe(true);
  });

  it('have days of history before the signup, never older than 90 days', () => {
    for (const d of devices('honest')) {
      expect(d.events.filter((e) => e.ts < d.signupAt!).length).toBeGreaterThan(20);
      expect(NOW - d.events[0]!.ts).toBeLessThanOrEqual(90 * 86_400_000);
    }
  });

  it('with location off send no events but still sign up and pay', () => {
    for (const d of devices('honest_no_permission')) {
      expect(d.events).toEqual([]);
      expect(d.device.location_permission_enabled).toBe(false);
      expect(d.declaredAddress).not.toBeNull();
      expect(d.payments.every((p) => p.location === null)).toBe(true);
    }
  });

  it('sparse phones report far fewer fixes', () => {
    const perDay = (d: SimulatedDevice) =>
      d.events.length / Math.max(1, (NOW - (d.events[0]?.ts ?? NOW)) / 86_400_000);
    const mean = (ds: SimulatedDevice[]) => ds.reduce((a, d) => a + perDay(d), 0) / ds.length;
    expect(mean(devices('honest_sparse'))).toBeLessThan(mean(devices('honest')) / 4);
  });

  it('with typos declare noisy text for the right place', () => {
    const typos = devices('honest_address_typos');
    const texts = typos.map(
      (d) => d.declaredAddress?.address_line ?? d.declaredAddress?.structured_address?.street ?? '',
    );
    expect(texts.every((t) => t.length > 0)).toBe(true);
    expect(typos.every((d) => d.label === 'honest')).toBe(true);
  });

  it('new phones log in to a known account from familiar places', () => {
    for (const d of devices('honest_new_device')) {
      const owner = population().devices.find((o) => o.accountId === d.accountId && o !== d)!;
      expect(owner.deviceId).not.toBe(d.deviceId);
      expect(d.phase).toBe(1);
      expect(d.declaredAddress).toBeNull();
      for (const p of d.payments.filter((x) => x.location)) {
        const places = [owner.truth.home!, owner.truth.work, ...owner.truth.leisure].filter(
          (x) => x !== null,
        );
        expect(Math.min(...places.map((x) => haversineMeters(x, p.location!)))).toBeLessThan(2_000);
      }
    }
  });
});
