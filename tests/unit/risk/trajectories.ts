import type { DeclaredLocation } from '../../../lib/domain/address';
import type { DeviceHistory } from '../../../lib/domain/device/device-history';
import type { DeviceReport } from '../../../lib/domain/device/device-report';
import { emptyFingerprint, updateFingerprint } from '../../../lib/domain/fingerprint/location-fingerprint';
import { NO_GLOBAL_SIGNALS } from '../../../lib/domain/graph/device-graph';
import type { LatLng, LocationEvent, LocationSource } from '../../../lib/domain/location';

/**
 * Hand-built trajectories of real-looking phones for the risk engine's tests: irregular timing,
 * accuracies that vary, metres of jitter between fixes of a still phone, mixed sources — and, where a
 * test needs them, the artefacts of a fake one.
 */

/** Monday 2026-01-05 00:00 in São Paulo (UTC−3). */
export const T0 = Date.UTC(2026, 0, 5, 3);
export const DAY = 86_400_000;
export const HOUR = 3_600_000;
export const MINUTE = 60_000;
export const HOME: LatLng = { lat: -23.5614, lng: -46.6559 };
export const WORK: LatLng = { lat: -23.5874, lng: -46.6821 };

/** A deterministic stream of numbers in [0, 1). */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A point `m` metres north and `e` metres east of `p`. */
export function offset(p: LatLng, northM: number, eastM: number): LatLng {
  return {
    lat: p.lat + northM / 111_320,
    lng: p.lng + eastM / (111_320 * Math.cos((p.lat * Math.PI) / 180)),
  };
}

export interface Stay {
  at: LatLng;
  /** Local hours (São Paulo) of the day the phone is there, [from, to). */
  from: number;
  to: number;
  /** Minutes between fixes, at least and at most (default 8–25: a background SDK). */
  every?: [number, number];
}

/** A real phone at `stays` day after day: a fix every 8–25 min, 3–40 m accuracy, metres of jitter. */
export function livedDays(days: number, stays: (day: number) => Stay[], seed = 1): LocationEvent[] {
  const rand = seeded(seed);
  const events: LocationEvent[] = [];
  for (let day = 0; day < days; day += 1) {
    for (const stay of stays(day)) {
      let ts = T0 + day * DAY + stay.from * HOUR + Math.round(rand() * 5 * MINUTE);
      while (ts < T0 + day * DAY + stay.to * HOUR) {
        const source: LocationSource = rand() < 0.5 ? 'wifi' : rand() < 0.5 ? 'gps' : 'fused';
        const accuracyM = Math.round((3 + rand() * 37) * 10) / 10;
        const p = offset(stay.at, (rand() - 0.5) * 2 * accuracyM, (rand() - 0.5) * 2 * accuracyM);
        events.push({ ...p, ts, accuracyM, source, mock: false });
        const [least, most] = stay.every ?? [8, 25];
        ts += Math.round((least + rand() * (most - least)) * MINUTE + rand() * 1_000);
      }
    }
  }
  return events;
}

/** Nights and evenings at home, weekday office hours at work. */
export const commuter = (day: number): Stay[] =>
  day % 7 < 5
    ? [
        { at: HOME, from: 0, to: 8 },
        { at: WORK, from: 9, to: 18 },
        { at: HOME, from: 19, to: 24 },
      ]
    : [{ at: HOME, from: 0, to: 24 }];

export const HONEST_PHONE: DeviceReport = {
  model: 'Pixel 7',
  os: 'android',
  osVersion: '14',
  appVersion: '4.1.0',
  locationPermissionEnabled: true,
  locationSensorsEnabled: true,
  probableRoot: false,
  emulator: false,
  gpsSpoofing: false,
  fromOfficialStore: true,
};

export function historyOf(
  events: readonly LocationEvent[],
  device: DeviceReport = HONEST_PHONE,
): DeviceHistory {
  return {
    device,
    fingerprint: updateFingerprint(emptyFingerprint(), events),
    eventCount: events.length,
    graph: { accountsOnDevice: 1, installationsOnDevice: 1, global: NO_GLOBAL_SIGNALS },
    feedback: [],
  };
}

/** A declared address geocoded to the house number (or given as coordinates). */
export function preciseAddress(point: LatLng): DeclaredLocation {
  return {
    point,
    uncertaintyM: 15,
    addressMatch: 'number',
    geocodeQuality: 'good',
    addressQuality: 'good',
    normalized: {
      countryCode: 'BR',
      state: 'SP',
      city: 'São Paulo',
      postalCode: '01310-100',
      street: 'avenida paulista',
      number: '1000',
    },
  };
}
