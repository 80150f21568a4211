import { destinationPoint, roundCoordinates, shiftMeters, haversineMeters, eastNorthMeters } from '../../geo';
import type { Random } from '../../random';
import type { EventSource, FixSignals, LatLng, SimEvent } from '../../types';
import type { SignalField } from '../phone/phone-profile';
import { elapsedRealtime } from '../phone/fix-signals';
import type { PhoneProfile } from '../phone/phone-profile';

/**
 * How a fake location source moves its point: parked on the target (`parked`, what emulators and simple
 * spoofing apps do), parked with a little scripted noise (`scripted`), or replaying a recorded walk around
 * the target (`replay`, loop after loop, the same path each time).
 */
export type FakeStyle = 'parked' | 'scripted' | 'replay';

export interface FakeSource {
  style: FakeStyle;
  target: LatLng;
  /** The one accuracy value the fake reports (scripted: one of three). */
  accuracyM: number;
  source: EventSource;
  mock: boolean;
  /** Optional fields the SDK on this (real or emulated) phone fills. */
  signals: readonly SignalField[];
  /** An emulator sees one wifi network ("AndroidWifi") and one cell. */
  emulator: boolean;
  /** The recorded walk a replay loops over: offsets from the target, one per second of the recording. */
  path: LatLng[];
}

/** A recorded walk: out to two or three places within ~1 km of the target and back, at 1.4 m/s, with its noise. */
function recordedWalk(random: Random, target: LatLng): LatLng[] {
  const stops = [
    target,
    ...Array.from({ length: random.int(2, 3) }, () =>
      destinationPoint(target, random.float(0, 360), random.float(200, 1200)),
    ),
    target,
  ];
  const path: LatLng[] = [];
  for (let i = 1; i < stops.length; i++) {
    const a = stops[i - 1]!;
    const { east, north } = eastNorthMeters(a, stops[i]!);
    const seconds = Math.max(1, Math.round(haversineMeters(a, stops[i]!) / 1.4));
    for (let s = 0; s < seconds; s++)
      path.push(
        shiftMeters(
          a,
          (east * s) / seconds + random.gaussian() * 3,
          (north * s) / seconds + random.gaussian() * 3,
        ),
      );
  }
  return path;
}

export function fakeSource(
  random: Random,
  style: FakeStyle,
  target: LatLng,
  phone: PhoneProfile,
  o: { mock: boolean; emulator: boolean },
): FakeSource {
  return {
    style,
    target,
    accuracyM: random.pick([3, 5, 5, 10, 20]),
    source: random.chance(0.6) ? 'gps' : 'fused',
    mock: o.mock,
    signals: phone.signals,
    emulator: o.emulator,
    path: style === 'replay' ? recordedWalk(random, target) : [],
  };
}

function fakeSignals(
  fake: FakeSource,
  phone: PhoneProfile,
  ts: number,
  speedMps: number,
  headingDeg: number,
  random: Random,
): FixSignals {
  const s: FixSignals = {};
  for (const field of fake.signals) {
    if (field === 'speed_mps') s.speed_mps = speedMps;
    if (field === 'bearing_deg') s.bearing_deg = Math.round(headingDeg);
    if (field === 'altitude_m') s.altitude_m = 0;
    if (field === 'elapsed_realtime_ms') s.elapsed_realtime_ms = elapsedRealtime(phone, ts);
    if (field === 'wifi_networks') s.wifi_networks = fake.emulator ? 1 : random.int(2, 35);
    if (field === 'cell_networks') s.cell_networks = fake.emulator ? 1 : random.int(1, 6);
  }
  return s;
}

/** The fix the fake source gives at `ts` (`loopStart`: when the current replay loop began). */
export function fakeFix(
  random: Random,
  fake: FakeSource,
  phone: PhoneProfile,
  ts: number,
  loopStart: number,
): SimEvent {
  let at = fake.target;
  let speed = 0;
  let heading = 0;
  let accuracy = fake.accuracyM;
  if (fake.style === 'scripted') {
    at = shiftMeters(fake.target, random.gaussian() * 3, random.gaussian() * 3);
    accuracy = random.pick([fake.accuracyM, fake.accuracyM + 1, fake.accuracyM + 3]);
  } else if (fake.style === 'replay' && fake.path.length > 1) {
    const i = Math.floor((ts - loopStart) / 1000) % fake.path.length;
    at = fake.path[i]!;
    const next = fake.path[Math.min(i + 1, fake.path.length - 1)]!;
    const { east, north } = eastNorthMeters(at, next);
    speed = 1.4;
    heading = ((Math.atan2(east, north) * 180) / Math.PI + 360) % 360;
  }
  const p = roundCoordinates(at);
  return {
    ts: Math.round(ts),
    lat: p.lat,
    lng: p.lng,
    accuracy_m: phone.reportsAccuracy ? accuracy : null,
    source: fake.source,
    mock: fake.mock,
    ...fakeSignals(fake, phone, ts, speed, heading, random),
  };
}
