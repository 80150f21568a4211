import { describe, expect, it } from 'vitest';
import { haversineMeters } from '../../../../lib/sim/geo';
import { clockAt } from '../../../../lib/sim/time-zone';
import type { SimulatedDevice } from '../../../../lib/sim/types';
import { world } from './world-fixtures';

const hourOf = (d: SimulatedDevice, ts: number) => clockAt(d.truth.home!).hour(ts);
const precise = (d: SimulatedDevice) => d.events.filter((e) => !e.outlier && e.source !== 'cell');

describe('lives and apps', { timeout: 300_000 }, () => {
  it('keeps night-shift workers at work at 02:00 and at home at noon', () => {
    const workers = world('high_latitudes', 200).devices.filter(
      (d) => d.scenario === 'honest_night_shift' && d.traits?.app === 'background',
    );
    expect(workers.length).toBeGreaterThan(3);
    const where = (hours: [number, number], place: 'work' | 'home') =>
      workers.flatMap((d) =>
        precise(d)
          .filter((e) => hourOf(d, e.ts) >= hours[0] && hourOf(d, e.ts) < hours[1])
          .map((e) => haversineMeters(e, d.truth[place]!) < 300),
      );
    const nights = where([1, 4], 'work');
    const noons = where([11, 13], 'home');
    expect(nights.filter(Boolean).length / nights.length).toBeGreaterThan(0.6);
    expect(noons.filter(Boolean).length / noons.length).toBeGreaterThan(0.7);
  });

  it('reports a foreground-only app in waking hours only, in bursts a few seconds apart', () => {
    const users = world('asia_foreground', 160).devices.filter(
      (d) =>
        d.traits?.app === 'foreground' &&
        d.label === 'honest' &&
        d.scenario !== 'honest_traveller' &&
        d.truth.home,
    );
    expect(users.length).toBeGreaterThan(40);
    const fixes = users.flatMap((d) => d.events.map((e) => hourOf(d, e.ts)));
    expect(fixes.filter((h) => h >= 2 && h < 6).length / fixes.length).toBeLessThan(0.01);
    const gaps = users.flatMap((d) => d.events.slice(1).map((e, i) => e.ts - d.events[i]!.ts));
    expect(gaps.filter((g) => g <= 20_000).length / gaps.length).toBeGreaterThan(0.8);
  });

  it('records trip loggers densely while they travel and not at all for days', () => {
    const days = (d: SimulatedDevice) => new Set(d.events.map((e) => Math.floor(e.ts / 86_400_000))).size;
    const loggers = world('trajectory_study', 24).devices.filter((d) => days(d) >= 3);
    expect(loggers.length).toBeGreaterThan(10);
    for (const d of loggers) {
      const gaps = d.events.slice(1).map((e, i) => e.ts - d.events[i]!.ts);
      const dense = gaps.filter((g) => g <= 6_000).length / gaps.length;
      expect(dense).toBeGreaterThan(0.9);
      expect(Math.max(...gaps)).toBeGreaterThan(2 * 86_400_000);
    }
  });

  it('declares the most visited place in the trajectory study: often the lab, not home', () => {
    const honest = world('trajectory_study', 60).devices.filter(
      (d) => d.label === 'honest' && d.scenario !== 'honest_traveller',
    );
    const at = (d: SimulatedDevice, place: 'home' | 'work') =>
      d.truth[place] !== null &&
      haversineMeters(d.declaredAddress!.address_coordinates!, d.truth[place]!) < 300;
    expect(honest.filter((d) => at(d, 'work')).length).toBeGreaterThan(3);
    expect(honest.filter((d) => at(d, 'home') || at(d, 'work')).length / honest.length).toBeGreaterThan(0.7);
  });
});
