import { finishFraudSignup } from './finish-fraud-signup';
import { generateDeviceInfo } from './generate-device-info';
import { generateIdentity } from './generate-ids';
import { generateResident } from './generate-resident';
import { generateRoutine } from './generate-routine';
import { historyStart, signupWindow, type GenerationContext } from './generation-context';
import { livedTruth } from './lived-truth';
import { HARD, isHard } from './realism';
import { spoofLocations } from './spoof-locations';
import { stealAddress } from './steal-address';
import type { SimulatedDevice } from './types';

const HOUR_MS = 3_600_000;

/**
 * A fraudster fakes GPS at a stolen address to pass the address check. Three flavours, a third each: the SDK sees
 * the spoofing app (device flag and mock fixes), only mock fixes, or nothing but the teleporting pattern.
 */
export function generateGpsSpoofing(ctx: GenerationContext): SimulatedDevice {
  const { random, now } = ctx;
  const resident = generateResident(random);
  const stolen = stealAddress(ctx, random.chance(0.3) ? resident.city : undefined);
  const identity = generateIdentity(random);
  const hard = isHard(ctx);
  // Hard population: most spoofers hide it well (no flag, no mock mark, root hidden, zero jitter).
  const flavour = hard ? (random.chance(0.7) ? 2 : random.int(0, 1)) : random.int(0, 2);
  const device = generateDeviceInfo(random, {
    os: 'android',
    model: random.pick(['SM-A515F', 'Redmi Note 11', 'moto g(30)']),
    gps_spoofing: flavour === 0,
    probable_root: hard ? random.chance(HARD.rootedShare) : flavour === 2 || random.chance(0.4),
  });
  const from = historyStart(ctx);
  const honestEvents = generateRoutine(random, {
    places: resident.places,
    from,
    to: now,
    density: hard ? random.float(...HARD.density) : random.float(0.6, 1.3),
  });
  const [windowFrom, windowTo] = signupWindow(ctx);
  const signupAt = Math.round(random.float(windowFrom, windowTo));
  // Spoofing starts shortly before the signup; a rehearsal the day before in half the cases.
  const lead = hard ? random.float(0.5, 20) : random.float(0.5, 6);
  const sessions: [number, number][] = [[signupAt - lead * HOUR_MS, now]];
  if (random.chance(0.5)) sessions.push([signupAt - 26 * HOUR_MS, signupAt - 24 * HOUR_MS]);
  const events = spoofLocations(random, honestEvents, {
    target: stolen.address.coordinates,
    sessions,
    markMock: flavour < 2,
    ...(hard && flavour === 2 ? { jitterM: 0 } : {}),
  });
  return finishFraudSignup(ctx, {
    identity,
    device,
    events,
    stolen,
    signupAt,
    scenario: 'gps_spoofing',
    maxPayments: 2,
    truth: livedTruth(resident.places, stolen.address.coordinates),
  });
}
