import { finishFraudSignup } from './finish-fraud-signup';
import { EMULATOR_MODELS, generateDeviceInfo } from './generate-device-info';
import { generateIdentity } from './generate-ids';
import { signupWindow, type GenerationContext } from './generation-context';
import { stealAddress } from './steal-address';
import { synthesizeEvents } from './synthesize-events';
import type { SimEvent, SimulatedDevice } from './types';

/** The Android emulator's default location (Googleplex), which careless operators never change. */
export const EMULATOR_DEFAULT_LOCATION = { lat: 37.421998, lng: -122.084 };

const MINUTE_MS = 60_000;

/**
 * Signups from an Android emulator with a stolen address. Its fixes, when it has any, are synthetic: none at all,
 * the emulator's default location, or a scripted point exactly on the declared address.
 */
export function generateEmulator(ctx: GenerationContext): SimulatedDevice {
  const { random, now } = ctx;
  const stolen = stealAddress(ctx);
  const identity = generateIdentity(random);
  const device = generateDeviceInfo(random, {
    os: 'android',
    os_version: String(random.int(11, 14)),
    model: random.pick(EMULATOR_MODELS),
    emulator: true,
    probable_root: random.chance(0.5),
    from_official_store: random.chance(0.3),
  });
  const [windowFrom, windowTo] = signupWindow(ctx);
  const signupAt = Math.round(random.float(windowFrom, windowTo));
  const flavour = random.int(0, 2);
  const start = signupAt - random.float(10, 360) * MINUTE_MS;
  let events: SimEvent[] = [];
  if (flavour === 1)
    events = synthesizeEvents(EMULATOR_DEFAULT_LOCATION, start, random.int(3, 40), MINUTE_MS, false);
  if (flavour === 2) {
    events = synthesizeEvents(
      stolen.address.coordinates,
      start,
      random.int(5, 60),
      5 * MINUTE_MS,
      random.chance(0.5),
    );
  }
  events = events.filter((e) => e.ts <= now);
  return finishFraudSignup(ctx, {
    identity,
    device,
    events,
    stolen,
    signupAt,
    scenario: 'emulator',
    maxPayments: 1,
    truth: { home: null, work: null, leisure: [], declaredDistanceM: null },
  });
}
