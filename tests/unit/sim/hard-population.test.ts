import { describe, expect, it } from 'vitest';
import { haversineMeters } from '../../../lib/sim/geo';
import { localHour } from '../../../lib/sim/local-time';
import { TRIP_MIN_M } from '../../../lib/sim/generate-honest-traveller';
import { FRAUD_SCENARIOS, HARD_HONEST_SCENARIOS, type SimulatedDevice } from '../../../lib/sim/types';
import { NOW, population } from './fixtures';

const DAY_MS = 86_400_000;
const hard = () => population({ devices: 700, realism: 'hard' }).devices;
const devices = (scenario: string): SimulatedDevice[] => hard().filter((d) => d.scenario === scenario);
const declaredPoint = (d: SimulatedDevice) => d.declaredAddress!.address_coordinates!;
const before = (d: SimulatedDevice) => d.events.filter((e) => e.ts <= d.signupAt!);

describe('hard population', () => {
  it('leaves the default population unchanged when realism is default', () => {
    const a = population({ devices: 120 });
    const b = population({ devices: 120, realism: 'default' });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(JSON.stringify(population({ devices: 120, realism: 'hard' }))).not.toBe(JSON.stringify(a));
  });

  it('has every fraud scenario and the honest travellers, movers and noisy phones', () => {
    const scenarios = new Set(hard().map((d) => d.scenario));
    for (const s of [...FRAUD_SCENARIOS, ...HARD_HONEST_SCENARIOS]) expect(scenarios).toContain(s);
  });

  it('roots honest phones, has honest big spenders and fraud in ordinary amounts', () => {
    const honest = hard().filter((d) => d.label === 'honest');
    const rooted = honest.filter((d) => d.device.probable_root).length / honest.length;
    expect(rooted).toBeGreaterThan(0.1);
    const amounts = (label: string) =>
      hard()
        .flatMap((d) => d.payments)
        .filter((p) => p.label === label && p.payment_value)
        .map((p) => p.payment_value!.amount);
    expect(amounts('honest').filter((a) => a > 1_000).length).toBeGreaterThan(10);
    expect(amounts('fraud').filter((a) => a < 350).length).toBeGreaterThan(10);
  });

  it('sends travellers 300+ km from home, with the home address declared', () => {
    const cases = devices('honest_traveller');
    expect(cases.length).toBeGreaterThan(10);
    for (const d of cases) {
      expect(haversineMeters(d.truth.home!, declaredPoint(d))).toBeLessThan(150);
      const last = before(d).at(-1)!;
      expect(haversineMeters(last, d.truth.home!)).toBeGreaterThan(TRIP_MIN_M * 0.9);
      expect(before(d).filter((e) => haversineMeters(e, d.truth.home!) < 200).length).toBeGreaterThan(5);
    }
  });

  it('has movers who declare the new address with 1–3 days there and weeks elsewhere', () => {
    const cases = devices('honest_moved');
    expect(cases.length).toBeGreaterThan(10);
    for (const d of cases) {
      expect(haversineMeters(d.truth.home!, declaredPoint(d))).toBeLessThan(150);
      // Nights at the new home: only since the move.
      const nights = before(d).filter(
        (e) => e.source !== 'cell' && localHour(e.ts, e.lng) >= 1 && localHour(e.ts, e.lng) < 5,
      );
      const newNights = nights.filter((e) => haversineMeters(e, d.truth.home!) < 200);
      for (const e of newNights) expect(d.signupAt! - e.ts).toBeLessThan(3.2 * DAY_MS);
      expect(nights.length - newNights.length).toBeGreaterThan(newNights.length);
      expect(d.signupAt! - d.events[0]!.ts).toBeGreaterThan(14 * DAY_MS);
    }
  });

  it('has noisy phones locating mostly by wifi or cell towers', () => {
    const cases = devices('honest_noisy_sensors');
    expect(cases.length).toBeGreaterThan(10);
    const gpsShare = (d: SimulatedDevice) =>
      d.events.filter((e) => e.source === 'gps' || e.source === 'fused').length /
      Math.max(1, d.events.length);
    const median = cases.map(gpsShare).sort((a, b) => a - b)[Math.floor(cases.length / 2)]!;
    expect(median).toBeLessThan(0.55);
  });

  it('has sparse phones that report a few times a day', () => {
    for (const d of devices('honest_sparse')) {
      const days = (NOW - d.events[0]!.ts) / DAY_MS;
      expect(d.events.length / days).toBeLessThan(8);
    }
  });

  it('has remote fraudsters who visited the stolen address once, briefly', () => {
    for (const d of devices('remote_signup_20km')) {
      const near = before(d).filter((e) => haversineMeters(e, declaredPoint(d)) < 150);
      expect(near.length).toBeGreaterThan(0);
      expect(near.at(-1)!.ts - near[0]!.ts).toBeLessThan(61 * 60_000);
    }
  });

  it('has spoofers with unflagged fixes exactly on the address (zero jitter)', () => {
    const hidden = devices('gps_spoofing').filter(
      (d) => !d.device.gps_spoofing && d.events.every((e) => !e.mock),
    );
    expect(hidden.length).toBeGreaterThan(10);
    for (const d of hidden) {
      const exact = d.events.filter((e) => haversineMeters(e, declaredPoint(d)) < 0.2);
      expect(exact.length).toBeGreaterThan(0);
    }
  });
});
