import { describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULT_LOCATION } from '../../../lib/sim/generate-emulator';
import { haversineMeters } from '../../../lib/sim/geo';
import { localHour } from '../../../lib/sim/local-time';
import type { SimulatedDevice } from '../../../lib/sim/types';
import { population } from './fixtures';

const all = () => population({ devices: 700 }).devices;
const devices = (scenario: string): SimulatedDevice[] => all().filter((d) => d.scenario === scenario);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('remote signup with a stolen address', () => {
  it.each([
    ['remote_signup_2km', 2_000],
    ['remote_signup_20km', 20_000],
    ['remote_signup_500km', 500_000],
  ])('%s declares an address about %d m from where the device lives', (scenario, distanceM) => {
    const cases = devices(scenario);
    expect(cases.length).toBeGreaterThan(10);
    for (const d of cases) {
      const declared = d.declaredAddress!.address_coordinates!;
      const actual = haversineMeters(d.truth.home!, declared);
      expect(actual).toBeGreaterThan(distanceM * 0.85);
      expect(actual).toBeLessThan(distanceM * 1.15);
      // The phone spends its nights at its real home, never at the declared address.
      const precise = d.events.filter((e) => e.source !== 'cell');
      const nights = precise.filter((e) => localHour(e.ts, e.lng) >= 1 && localHour(e.ts, e.lng) < 5);
      expect(nights.filter((e) => haversineMeters(e, declared) < distanceM / 2)).toEqual([]);
    }
  });
});

describe('gps spoofing', () => {
  it('shows fixes exactly at the declared address that teleport against wifi/cell fixes elsewhere', () => {
    for (const d of devices('gps_spoofing')) {
      const declared = d.declaredAddress!.address_coordinates!;
      const spoofed = d.events.filter((e) => haversineMeters(e, declared) < 5 && e.source === 'gps');
      expect(spoofed.length).toBeGreaterThan(0);
      const truthful = d.events.filter((e) => e.ts > d.signupAt! && e.source === 'wifi');
      if (d.truth.declaredDistanceM! > 5_000 && truthful.length > 0) {
        expect(Math.max(...truthful.map((e) => haversineMeters(e, declared)))).toBeGreaterThan(1_000);
      }
    }
    const flagged = devices('gps_spoofing').filter(
      (d) => d.device.gps_spoofing || d.events.some((e) => e.mock),
    );
    expect(flagged.length).toBeGreaterThan(0);
    expect(flagged.length).toBeLessThan(devices('gps_spoofing').length);
  });
});

describe('emulators', () => {
  it('are flagged as emulators and have no, default-location or noiseless events', () => {
    for (const d of devices('emulator')) {
      expect(d.device.emulator).toBe(true);
      const declared = d.declaredAddress!.address_coordinates!;
      for (const e of d.events) {
        const atDefault = haversineMeters(e, EMULATOR_DEFAULT_LOCATION) < 1;
        expect(atDefault || haversineMeters(e, declared) < 1).toBe(true);
      }
    }
    expect(devices('emulator').some((d) => d.events.length === 0)).toBe(true);
  });
});

describe('device farms', () => {
  it('share one device id across many installations, accounts and declared addresses', () => {
    const farms = new Map<string, SimulatedDevice[]>();
    for (const d of devices('device_farm')) farms.set(d.deviceId, [...(farms.get(d.deviceId) ?? []), d]);
    expect(farms.size).toBeGreaterThan(1);
    for (const installations of farms.values()) {
      expect(installations.length).toBeGreaterThanOrEqual(2);
      expect(new Set(installations.map((d) => d.installationId)).size).toBe(installations.length);
      expect(new Set(installations.map((d) => d.accountId)).size).toBe(installations.length);
      const addresses = installations.map((d) => JSON.stringify(d.declaredAddress));
      expect(new Set(addresses).size).toBe(installations.length);
    }
    const others = all().filter((d) => d.scenario !== 'device_farm');
    expect(new Set(others.map((d) => d.deviceId)).size).toBe(others.length);
  });
});

describe('account takeover', () => {
  it('pays for an existing account from a new device, far from every place the victim goes', () => {
    const cases = devices('account_takeover');
    expect(cases.length).toBeGreaterThan(10);
    const distances: number[] = [];
    for (const attacker of cases) {
      const victim = all().find((d) => d.accountId === attacker.accountId && d !== attacker)!;
      expect(victim.label).toBe('honest');
      expect(victim.phase).toBe(0);
      expect(attacker.phase).toBe(1);
      expect(attacker.deviceId).not.toBe(victim.deviceId);
      expect(attacker.declaredAddress).toBeNull();
      const trusted = [victim.truth.home!, victim.truth.work, ...victim.truth.leisure].filter(
        (p) => p !== null,
      );
      const fraudPayments = attacker.payments.filter((p) => p.kind === 'payment');
      expect(fraudPayments.length).toBeGreaterThan(0);
      for (const p of fraudPayments) {
        expect(p.label).toBe('fraud');
        expect(p.ts).toBeGreaterThan(victim.signupAt!);
        const distance = Math.min(...trusted.map((t) => haversineMeters(t, p.location!)));
        expect(distance).toBeGreaterThan(8_000);
        distances.push(distance);
      }
    }
    expect(median(distances)).toBeGreaterThan(100_000);
  });
});
