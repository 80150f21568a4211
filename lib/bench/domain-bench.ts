/**
 * CPU cost of the pure risk engine, without database or HTTP: folding SDK batches into the location
 * fingerprint (µs per event) and assessing a signup or a payment from a stored fingerprint (µs per call).
 * The device is a commuter with 30 days of history (home, work, trips), the shape most stored devices
 * have. CPU time (process.cpuUsage) holds on a shared machine where wall time does not. Prints a table,
 * then one JSON line. `node --import tsx lib/bench/domain-bench.ts`
 */
import type { DeviceHistory } from '../domain/device/device-history';
import {
  emptyFingerprint,
  updateFingerprint,
  type LocationFingerprint,
} from '../domain/fingerprint/location-fingerprint';
import { NO_GLOBAL_SIGNALS } from '../domain/graph/device-graph';
import type { LocationEvent } from '../domain/location';
import { assessPayment } from '../domain/payment/assess-payment';
import { assessSignup } from '../domain/signup/assess-signup';

const NOW = Date.UTC(2026, 0, 15, 12);
const HOME = { lat: -23.5614, lng: -46.6559 };
const WORK = { lat: -23.5874, lng: -46.6821 };
const DAYS = 30;
const BATCH = 50;
const MINUTE = 60_000;

/** A deterministic generator so that before/after runs fold the same events. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Every 5 minutes while awake and moving, every 15 at home and at work; wifi indoors, GPS outside. */
function commuterEvents(): LocationEvent[] {
  const rand = lcg(42);
  const out: LocationEvent[] = [];
  const start = NOW - DAYS * 86_400_000;
  const jitter = (p: { lat: number; lng: number }, m: number) => ({
    lat: p.lat + ((rand() - 0.5) * m) / 111_000,
    lng: p.lng + ((rand() - 0.5) * m) / 102_000,
  });
  for (let day = 0; day < DAYS; day += 1) {
    const base = start + day * 86_400_000;
    const weekday = new Date(base).getUTCDay() % 6 !== 0;
    for (let t = 0; t < 24 * 60; t += 15) {
      const hour = t / 60;
      const atWork = weekday && hour >= 12 && hour < 21; // 09–18 in São Paulo (UTC−3)
      const commuting = weekday && ((hour >= 11 && hour < 12) || (hour >= 21 && hour < 22));
      const ts = base + t * MINUTE + Math.round(rand() * 60_000);
      if (commuting) {
        for (let k = 0; k < 3; k += 1) {
          const f = (t % 60) / 60 + k / 12;
          const from = hour < 12 ? HOME : WORK;
          const to = hour < 12 ? WORK : HOME;
          const at = { lat: from.lat + (to.lat - from.lat) * f, lng: from.lng + (to.lng - from.lng) * f };
          out.push({ ts: ts + k * 5 * MINUTE, ...jitter(at, 20), accuracyM: 8, source: 'gps', mock: false });
        }
        continue;
      }
      const outing = !weekday && hour >= 14 && hour < 22;
      const place = atWork ? WORK : outing ? jitter(HOME, 12_000) : HOME;
      const wifi = rand() < 0.6;
      out.push({
        ts,
        ...jitter(place, wifi ? 60 : 25),
        accuracyM: wifi ? 30 + Math.round(rand() * 40) : 5 + Math.round(rand() * 15),
        source: wifi ? 'wifi' : 'gps',
        mock: false,
      });
    }
  }
  return out.sort((a, b) => a.ts - b.ts);
}

function cpuMicros<T>(run: () => T): { micros: number; result: T } {
  const before = process.cpuUsage();
  const result = run();
  const used = process.cpuUsage(before);
  return { micros: used.user + used.system, result };
}

/** The least of `blocks` CPU measurements of `iterations` calls each, per call: other processes only ever add. */
function perCall(iterations: number, blocks: number, call: () => unknown): number {
  const samples: number[] = [];
  for (let b = 0; b < blocks; b += 1) {
    samples.push(
      cpuMicros(() => {
        for (let i = 0; i < iterations; i += 1) call();
      }).micros / iterations,
    );
  }
  return Math.min(...samples);
}

function fold(events: readonly LocationEvent[]): LocationFingerprint {
  let fp = emptyFingerprint();
  for (let i = 0; i < events.length; i += BATCH) fp = updateFingerprint(fp, events.slice(i, i + BATCH));
  return fp;
}

function history(fingerprint: LocationFingerprint, eventCount: number): DeviceHistory {
  return {
    device: {
      model: 'Pixel 7',
      os: 'android',
      osVersion: '14',
      appVersion: '1.0',
      locationPermissionEnabled: true,
      locationSensorsEnabled: true,
      probableRoot: false,
      emulator: false,
      gpsSpoofing: false,
      fromOfficialStore: true,
    },
    fingerprint,
    eventCount,
    graph: { accountsOnDevice: 1, installationsOnDevice: 1, global: NO_GLOBAL_SIGNALS },
    feedback: [],
  };
}

function main() {
  const events = commuterEvents();
  // Warm up the JIT and the caches before measuring.
  fold(events);
  const foldMicros = perCall(1, 7, () => fold(events)) / events.length;
  const fp = fold(events);
  const h = history(fp, events.length);
  const declared = {
    point: HOME,
    uncertaintyM: 10,
    addressMatch: 'number' as const,
    geocodeQuality: 'good' as const,
    addressQuality: 'good' as const,
    normalized: {
      countryCode: 'BR',
      state: 'SP',
      city: 'São Paulo',
      postalCode: null,
      street: null,
      number: null,
    },
  };
  const signup = () => assessSignup({ declared, otherDeclared: [], now: NOW }, h);
  const payment = () =>
    assessPayment({ type: 'payment', addresses: [], amount: 50, now: NOW }, h, {
      knownAccount: true,
      firstSeenOnDeviceAt: NOW - 20 * 86_400_000,
      otherFingerprints: [fp],
      transactionSums: [],
    });
  for (let i = 0; i < 200; i += 1) {
    signup();
    payment();
  }
  const rows = [
    { name: 'fingerprint update', unit: 'µs per event', value: foldMicros },
    { name: 'assess signup', unit: 'µs per call', value: perCall(200, 9, signup) },
    { name: 'assess payment', unit: 'µs per call', value: perCall(200, 9, payment) },
  ];
  console.log(`domain bench: ${events.length} events, ${Object.keys(fp.cells).length} cells, ${DAYS} days`);
  console.log('| step | CPU | unit |\n|---|---:|---|');
  for (const r of rows) console.log(`| ${r.name} | ${r.value.toFixed(2)} | ${r.unit} |`);
  console.log(
    JSON.stringify({
      domain_bench: Object.fromEntries(
        rows.map((r) => [r.name.replace(/ /g, '_'), Number(r.value.toFixed(2))]),
      ),
    }),
  );
}

main();
