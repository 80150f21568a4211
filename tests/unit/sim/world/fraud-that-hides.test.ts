import { describe, expect, it } from 'vitest';
import { haversineMeters } from '../../../../lib/sim/geo';
import type { SimulatedDevice } from '../../../../lib/sim/types';
import { worldNamed } from '../../../../lib/sim/world/worlds';
import { world } from './world-fixtures';

const spec = {
  ...worldNamed('high_latitudes'),
  name: 'fraud_test',
  historyDays: [3, 10] as [number, number],
  fraudShare: 0.6,
};
const devices = (scenario: string) => world(spec, 360).devices.filter((d) => d.scenario === scenario);
const declared = (d: SimulatedDevice) => d.declaredAddress!.address_coordinates ?? null;
const flagged = (d: SimulatedDevice) =>
  d.device.emulator || d.device.gps_spoofing || d.events.some((e) => e.mock);
const intervals = (d: SimulatedDevice) => d.events.slice(1).map((e, i) => e.ts - d.events[i]!.ts);

describe('fraud that hides', { timeout: 300_000 }, () => {
  it('turns every flag off for hidden emulators and spoofers, and shows them for the others', () => {
    for (const scenario of [
      'emulator_hidden',
      'spoofing_hidden',
      'device_farm',
      'visited_once',
      'account_takeover_local',
    ])
      for (const d of devices(scenario))
        expect({ scenario, flagged: flagged(d) }).toEqual({ scenario, flagged: false });
    expect(devices('emulator').every((d) => d.device.emulator)).toBe(true);
    // A simple spoofing app shows itself: the SDK's flag, or the mock mark on every fix it fakes.
    for (const d of devices('gps_spoofing')) {
      const faked = d.events.filter(
        (e) => declared(d) && haversineMeters(e, declared(d)!) < 30 && e.ts >= d.signupAt! - 3_600_000,
      );
      expect(d.device.gps_spoofing || faked.every((e) => e.mock)).toBe(true);
    }
    expect(devices('gps_spoofing').filter(flagged).length).toBeGreaterThan(
      devices('gps_spoofing').length / 2,
    );
  });

  it('gives a hidden emulator the signal a real one makes: a metronome, one accuracy, one source, on the stolen address', () => {
    const hidden = devices('emulator_hidden');
    expect(hidden.length).toBeGreaterThan(5);
    for (const d of hidden) {
      expect(new Set(intervals(d)).size).toBeLessThanOrEqual(2);
      expect(new Set(d.events.map((e) => e.source)).size).toBe(1);
      const target = declared(d);
      if (target) expect(d.events.every((e) => haversineMeters(e, target) < 1_500)).toBe(true);
    }
  });

  it('makes a hidden spoofer sit on the stolen address with every source, its own phone keeping time', () => {
    for (const d of devices('spoofing_hidden')) {
      const target = declared(d);
      if (!target) continue;
      const onTarget = d.events.filter((e) => e.ts >= d.signupAt! && haversineMeters(e, target) < 1_500);
      const after = d.events.filter((e) => e.ts >= d.signupAt!);
      expect(onTarget.length).toBe(after.length);
      expect(new Set(after.map((e) => e.source)).size).toBeLessThanOrEqual(1);
    }
  });

  it('keeps one device id over a farm phone’s installations, each with a different stolen address', () => {
    const farm = devices('device_farm');
    const byDevice = new Map<string, SimulatedDevice[]>();
    for (const d of farm) byDevice.set(d.deviceId, [...(byDevice.get(d.deviceId) ?? []), d]);
    expect([...byDevice.values()].every((installs) => installs.length >= 2)).toBe(true);
    for (const installs of byDevice.values())
      expect(new Set(installs.map((d) => JSON.stringify(d.declaredAddress))).size).toBe(installs.length);
  });

  it('sends a local takeover from a new device in the victim’s own city', () => {
    const attackers = devices('account_takeover_local');
    expect(attackers.length).toBeGreaterThan(3);
    const all = world(spec, 360).devices;
    for (const a of attackers) {
      const victim = all.find((d) => d.accountId === a.accountId && d !== a)!;
      expect(victim.label).toBe('honest');
      expect(a.deviceId).not.toBe(victim.deviceId);
      expect(haversineMeters(a.truth.home!, victim.truth.home!)).toBeLessThan(16_000);
    }
  });

  it('takes a visiting fraudster to the stolen address once and only briefly', () => {
    const visitors = devices('visited_once').filter((d) => declared(d));
    expect(visitors.length).toBeGreaterThan(3);
    for (const d of visitors) {
      const target = declared(d)!;
      expect(haversineMeters(d.truth.home!, target)).toBeGreaterThan(900);
      const near = d.events.filter(
        (e) => !e.outlier && e.source !== 'cell' && haversineMeters(e, target) < 150,
      );
      const days = new Set(near.map((e) => Math.floor(e.ts / 86_400_000)));
      expect(days.size).toBeLessThanOrEqual(2);
    }
  });
});
