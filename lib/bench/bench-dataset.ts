import { CITIES } from '../sim/cities';
import { generateAddress } from '../sim/generate-address';
import { HONEST_DEVICE_FLAGS } from '../sim/generate-device-info';
import { destinationPoint, offsetMeters, roundCoordinates } from '../sim/geo';
import { createRandom, type Random } from '../sim/random';
import type { Address, LatLng } from '../sim/types';
import type { SdkEventsBody, SignupBody, TransactionBody } from '../sim/wire-types';

const DAY_MS = 86_400_000;
/** Seeded history spans the last four weeks (the API accepts events up to 90 days old). */
const HISTORY_DAYS = 28;
/** "Far" declared addresses are this far from home: well beyond every "near" ring of the spec. */
const FAR_M = 30_000;

/** One seeded installation: where its owner lives and works. Derived from its index alone (same on every run). */
export interface BenchInstallation {
  installationId: string;
  deviceId: string;
  accountId: string;
  home: Address;
  work: LatLng;
  currency: 'BRL' | 'USD';
}

export function benchInstallation(index: number): BenchInstallation {
  const random = createRandom(`bench-installation:${index}`);
  const city = random.pick(CITIES);
  const radiusM = city.radiusKm * 1000 * 0.8;
  const home = offsetMeters(city.centre, random.float(-radiusM, radiusM), random.float(-radiusM, radiusM));
  const work = destinationPoint(home, random.float(0, 360), random.float(2_000, 12_000));
  return {
    installationId: `bench-inst-${index}`,
    deviceId: `bench-dev-${index}`,
    accountId: `bench-acct-${index}`,
    home: generateAddress(random, city, home),
    work,
    currency: city.countryCode === 'US' ? 'USD' : 'BRL',
  };
}

function jitter(random: Random, p: LatLng, sigmaM: number): LatLng {
  return roundCoordinates(offsetMeters(p, random.gaussian() * sigmaM, random.gaussian() * sigmaM));
}

/** A span of time, in epoch ms, that fixes are drawn from. */
export interface TimeWindow {
  from: number;
  to: number;
}

/** The four weeks before `now` that seeded histories span. */
export const seededHistory = (now: number): TimeWindow => ({
  from: now - HISTORY_DAYS * DAY_MS,
  to: now - 5 * 60_000,
});

/** `count` fixes inside `window`, in time order: at home, at work, a few elsewhere. */
export function benchEvents(
  random: Random,
  inst: BenchInstallation,
  count: number,
  window: TimeWindow,
): SdkEventsBody['events'] {
  const events: SdkEventsBody['events'] = [];
  for (let i = 0; i < count; i++) {
    const roll = random.next();
    const where =
      roll < 0.65
        ? inst.home.coordinates
        : roll < 0.9
          ? inst.work
          : destinationPoint(inst.home.coordinates, random.float(0, 360), random.float(500, 8_000));
    const ts = random.float(window.from, window.to);
    const source = random.chance(0.7) ? 'gps' : 'wifi';
    events.push({
      ts: new Date(Math.floor(ts)).toISOString(),
      ...jitter(random, where, source === 'gps' ? 15 : 40),
      accuracy_m: source === 'gps' ? random.int(5, 25) : random.int(20, 80),
      source,
      mock: false,
    });
  }
  return events.sort((a, b) => (a.ts < b.ts ? -1 : 1));
}

export function ingestionBody(inst: BenchInstallation, events: SdkEventsBody['events']): SdkEventsBody {
  return {
    installation_id: inst.installationId,
    device_id: inst.deviceId,
    account_id: inst.accountId,
    device: {
      model: 'SM-A546E',
      os: 'android',
      os_version: '14',
      app_version: '3.2.0',
      ...HONEST_DEVICE_FLAGS,
    },
    events,
  };
}

/** A signup declaring the home address; with `far`, its coordinates are moved 30 km away. */
export function signupBody(random: Random, inst: BenchInstallation, far: boolean): SignupBody {
  const point = far
    ? destinationPoint(inst.home.coordinates, random.float(0, 360), FAR_M)
    : inst.home.coordinates;
  return {
    installation_id: inst.installationId,
    address_line: inst.home.line,
    address_coordinates: roundCoordinates(point),
  };
}

export function paymentBody(random: Random, inst: BenchInstallation, sequence: number): TransactionBody {
  const address = { address_line: inst.home.line, address_coordinates: inst.home.coordinates };
  return {
    installation_id: inst.installationId,
    account_id: inst.accountId,
    type: 'payment',
    external_id: `bench-pay-${sequence}`,
    payment_value: { amount: Math.round(random.float(5, 500) * 100) / 100, currency: inst.currency },
    addresses: [
      { type: 'shipping', ...address },
      { type: 'billing', ...address },
    ],
  };
}
