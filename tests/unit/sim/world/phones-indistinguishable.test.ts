import { describe, expect, it } from 'vitest';
import { auc } from '../../../../lib/eval/ranking-metrics';
import type { SimulatedDevice, WorldFraudScenario } from '../../../../lib/sim/types';
import { worldNamed } from '../../../../lib/sim/world/worlds';
import { world } from './world-fixtures';

/**
 * Fraud on real phones, whose phone-level statistics must match honest people's: a stolen address, a visit,
 * a takeover. (Emulators, spoofing apps and farm racks are caught by what they DO with the signal: their
 * own tests below show that signal; here only their device info is compared.)
 */
const REAL_PHONES: WorldFraudScenario[] = [
  'remote_signup_neighbour',
  'remote_signup_2km',
  'remote_signup_20km',
  'remote_signup_far',
  'visited_once',
  'account_takeover',
  'account_takeover_local',
];

const spec = {
  ...worldNamed('americas_gig'),
  name: 'phone_test',
  historyDays: [3, 12] as [number, number],
  fraud: Object.fromEntries(REAL_PHONES.map((s) => [s, 1])),
  fraudShare: 0.4,
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)]!;
};

/** Statistics of the phone alone: what sources it uses, how accurate it claims to be, how often it reports. */
const PHONE_STATISTICS: Record<string, (d: SimulatedDevice) => number> = {
  wifi_share: (d) => d.events.filter((e) => e.source === 'wifi').length / Math.max(1, d.events.length),
  cell_share: (d) => d.events.filter((e) => e.source === 'cell').length / Math.max(1, d.events.length),
  gps_share: (d) => d.events.filter((e) => e.source === 'gps').length / Math.max(1, d.events.length),
  median_accuracy: (d) => median(d.events.map((e) => e.accuracy_m ?? 0)),
  distinct_accuracies: (d) => new Set(d.events.map((e) => e.accuracy_m)).size / Math.max(1, d.events.length),
  median_interval_s: (d) => median(d.events.slice(1).map((e, i) => (e.ts - d.events[i]!.ts) / 1000)),
  has_signals: (d) =>
    d.events.some((e) => e.speed_mps !== undefined || e.wifi_networks !== undefined) ? 1 : 0,
};

const DEVICE_INFO: Record<string, (d: SimulatedDevice) => number> = {
  ios: (d) => (d.device.os === 'ios' ? 1 : 0),
  rooted: (d) => (d.device.probable_root ? 1 : 0),
  sideloaded: (d) => (d.device.from_official_store ? 0 : 1),
  any_flag: (d) => (d.device.emulator || d.device.gps_spoofing || d.events.some((e) => e.mock) ? 1 : 0),
};

function separation(devices: SimulatedDevice[], statistic: (d: SimulatedDevice) => number): number {
  const values = (label: string) => devices.filter((d) => d.label === label).map(statistic);
  return auc(values('fraud'), values('honest'))!;
}

describe('honest and fraudulent phones come from the same distributions', { timeout: 300_000 }, () => {
  it('no phone-level statistic tells a stolen-address or takeover phone from an honest one (AUC 0.5 ± 0.1)', () => {
    const devices = world(spec, 420).devices.filter((d) => d.events.length >= 10);
    expect(devices.filter((d) => d.label === 'fraud').length).toBeGreaterThan(100);
    for (const [name, statistic] of Object.entries(PHONE_STATISTICS)) {
      expect({ name, auc: Math.abs(separation(devices, statistic) - 0.5) <= 0.1 }).toEqual({
        name,
        auc: true,
      });
    }
  });

  it('device info does not separate them either, hidden emulators and spoofers included', () => {
    const devices = world('clocks_far_east', 300).devices.filter(
      (d) =>
        d.label === 'honest' ||
        ['emulator_hidden', 'spoofing_hidden', 'device_farm', ...REAL_PHONES].includes(d.scenario),
    );
    for (const [name, statistic] of Object.entries(DEVICE_INFO)) {
      expect({ name, auc: Math.abs(separation(devices, statistic) - 0.5) <= 0.1 }).toEqual({
        name,
        auc: true,
      });
    }
  });
});
